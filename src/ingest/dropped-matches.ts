import type { Transaction } from 'kysely';
import type { Removal } from '../storage/repositories/change-log.repository.js';
import {
  matchesWrittenBy,
  storedMatchCounts,
  type StoredMatch,
} from '../storage/repositories/match-removal.js';
import type { SyncResult } from '../storage/repositories/record-sync.js';
import type { Database } from '../storage/schema.js';
import type { CanonicalBatch } from './canonical.js';

/**
 * A season loses at most this share of the matches its source wrote in one run: more looks like a source
 * cut short (a truncated file, an upstream mistake) rather than fixtures withdrawn, and is left stored,
 * with a note, until a run sends the season whole again.
 */
const MOST_REMOVED = 0.5;

export interface DroppedMatches {
  removals: Array<Removal & { seasonId: string }>;
  notes: string[];
}

/**
 * The matches a run removes: in each season the batch sends whole (`wholeSeasons`), those its source wrote
 * before (matches.source) and no longer sends. A match another source wrote stays: only its own source
 * can withdraw it. Where the run inserted exactly one match of the same season between the same home and
 * away teams, that one took the removed one's place (a fixture the source re-keyed: a round renamed, a
 * replay), and the tombstone names it.
 */
export async function droppedMatches(
  trx: Transaction<Database>,
  batch: CanonicalBatch,
  matches: SyncResult,
): Promise<DroppedMatches> {
  const out: DroppedMatches = { removals: [], notes: [] };
  const sent = new Set(batch.matches.map((m) => m.id));
  const whole = new Set(batch.wholeSeasons);
  const sources = new Map<string, Set<string>>();
  for (const m of batch.matches) {
    if (!whole.has(m.season_id) || !m.source) continue;
    sources.set(m.season_id, (sources.get(m.season_id) ?? new Set()).add(m.source));
  }
  const pairing = (m: { season_id: string; home_team_id: string; away_team_id: string }) =>
    `${m.season_id} ${m.home_team_id} ${m.away_team_id}`;
  const inserted = new Map<string, string[]>();
  for (const m of batch.matches) {
    if (matches.outcome.get(m.id) !== 'inserted') continue;
    const same = inserted.get(pairing(m));
    if (same) same.push(m.id);
    else inserted.set(pairing(m), [m.id]);
  }
  // A season that held, before the run, as many matches as the run sent of those stored already held just
  // those: nothing was dropped, nothing to read (an identical re-import reads no match). Any other season is
  // read match by match.
  const before = await storedMatchCounts(trx, [...sources.keys()]);
  const sentIn = new Map<string, number>();
  for (const m of batch.matches) {
    const added = matches.outcome.get(m.id) === 'inserted' ? 1 : 0;
    sentIn.set(m.season_id, (sentIn.get(m.season_id) ?? 0) + 1 - added);
  }
  for (const [seasonId, written] of sources) {
    if ((before.get(seasonId) ?? 0) === sentIn.get(seasonId)) continue;
    const stored = await matchesWrittenBy(trx, seasonId, [...written]);
    const gone = stored.filter((m) => !sent.has(m.id));
    if (gone.length === 0) continue;
    if (gone.length > stored.length * MOST_REMOVED) {
      out.notes.push(
        `season ${seasonId}: ${gone.length} of ${stored.length} stored matches no longer sent; ` +
          'more than half, so none removed (a source cut short?)',
      );
      continue;
    }
    const replacing = (m: StoredMatch) => {
      const candidates = inserted.get(pairing(m)) ?? [];
      return candidates.length === 1 ? candidates[0]! : null;
    };
    for (const m of gone) out.removals.push({ id: m.id, replacedBy: replacing(m), seasonId });
    out.notes.push(
      `season ${seasonId}: ${gone.length} match${gone.length === 1 ? '' : 'es'} removed, no longer sent ` +
        '(tombstones in the change feed)',
    );
  }
  return out;
}
