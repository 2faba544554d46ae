import { refreshMatchJson } from '../storage/repositories/match-json.js';
import { writtenRecords } from '../storage/repositories/record-sync.js';
import { idsWhere, type Projection } from './written.js';

/**
 * The stored JSON of matches (storage/repositories/match-json.ts): the matches written, as written (a match kept as
 * stored is not among them), and the matches showing a team, competition or season edited. A new team,
 * competition or season has no match stored before the write.
 */
export const matchJsonProjection: Projection = {
  name: 'match JSON',
  async project({ db }, { tables: t }) {
    const matches = t.matches ? writtenRecords(t.matches.records, t.matches.result) : [];
    const rows = await refreshMatchJson(db, {
      matches: matches.map((m) => ({ id: m.id, starts_at: String(m.starts_at) })),
      teams: idsWhere(t.teams, 'updated'),
      competitions: idsWhere(t.competitions, 'updated'),
      seasons: idsWhere(t.seasons, 'updated'),
    });
    return { rows };
  },
};
