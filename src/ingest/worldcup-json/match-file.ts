import type { MatchRecord } from '../canonical.js';
import { tournamentMatchId } from '../identity/tournament-identity.js';
import { scoreProblem } from '../score-check.js';
import { scoreColumns } from '../score-columns.js';
import { matchStatus } from '../match-status.js';
import { SOURCE_NAMES } from '../source-precedence.js';
import type { FileRun, RunState } from './file-run.js';
import { goalEvents } from './goals.js';
import { kickoff, parseClock, utcInstant } from './kickoff-time.js';
import { parseMatchEntry, type MatchEntry } from './match-entry.js';
import { finalScore } from './score.js';
import type { Side } from './teams.js';

const SOURCE = SOURCE_NAMES.worldcupJson;
const DAY_MS = 86_400_000;

/** Reads one match file's entries into matches, goal events and provenance; returns the matches kept. */
export function normalizeMatchFile(state: RunState, run: FileRun, entries: readonly unknown[]): number {
  const { edition, source } = run;
  const { batch } = state;
  const counts = { kept: 0, zoneless: 0, goalsOff: 0, clockClash: 0 };

  entries.forEach((entry, index) => {
    const ref = `matches[${index}]`;
    const parsed = parseMatchEntry(entry);
    if (!parsed.ok) return run.reject(ref, parsed.reason);
    const raw = parsed.value;
    const home = state.teams.side(raw.team1, edition.clubs, edition.seasonKey);
    if (!home.ok) return run.reject(ref, home.reason);
    const away = state.teams.side(raw.team2, edition.clubs, edition.seasonKey);
    if (!away.ok) return run.reject(ref, away.reason);
    if (home.value.teamId === away.value.teamId) {
      return run.reject(ref, `team1 and team2 are the same team ("${raw.team1}", "${raw.team2}")`);
    }
    const start = kickoff(raw.date, raw.time, raw.timeLocal, edition.zonelessOffset);
    if (!start.ok) return run.reject(ref, start.reason);
    // A World Cup file has no two-legged ties (its play-offs are single matches): no aggregate.
    const scored = scoreProblem(
      { ...raw.score, final: finalScore(raw.score) },
      { over: raw.score.ft !== null || raw.score.et !== null || raw.score.p !== null },
    );
    if (scored) return run.reject(ref, scored);

    const id = tournamentMatchId(
      edition.code,
      edition.seasonKey,
      raw.date,
      home.value.teamId,
      away.value.teamId,
    );
    const where = `${source.file.uri} ${ref}`;
    const first = state.matchesSeen.get(id);
    if (first) return run.reject(ref, `duplicate of ${first} (same teams on the same date)`);
    state.matchesSeen.set(id, where);

    if (start.value.zoneless) counts.zoneless += 1;
    if (clocksDisagree(raw)) counts.clockClash += 1;
    batch.matches.push(matchRecord(raw, id, start.value, run, state.now, home.value, away.value));
    batch.details.matchSources.push({
      id: `${id}:${SOURCE}`,
      match_id: id,
      source: SOURCE,
      source_key: `${source.path}#${index}`,
    });
    run.kept(id);
    counts.kept += 1;

    const goals = goalEvents(
      { matchId: id, home: home.value, away: away.value },
      raw.goals1 ?? [],
      raw.goals2 ?? [],
      state.players,
    );
    for (const problem of goals.problems) run.reject(`${ref}.${problem.ref}`, problem.reason);
    for (const event of goals.events) {
      batch.details.events.push(event);
      run.kept(event.id);
    }
    if (goalsDisagree(raw)) counts.goalsOff += 1;
  });

  const file = source.file.uri;
  if (counts.zoneless > 0) {
    batch.notes.push(
      `${file}: ${counts.zoneless} kick-off times give no zone and the edition has no known offset: stored as dates only`,
    );
  }
  if (counts.clockClash > 0) {
    batch.notes.push(`${file}: ${counts.clockClash} matches whose time and time_local differ; time was used`);
  }
  if (counts.goalsOff > 0) {
    batch.notes.push(`${file}: ${counts.goalsOff} matches whose goal lists do not add up to the score`);
  }
  return counts.kept;
}

function matchRecord(
  raw: MatchEntry,
  id: string,
  start: { startsAt: string; timeKnown: 0 | 1 },
  run: FileRun,
  now: number,
  home: Side,
  away: Side,
): MatchRecord {
  const { edition } = run;
  const kickoffEndsAt = Date.parse(start.startsAt) + (start.timeKnown ? 0 : DAY_MS);
  const final = finalScore(raw.score);
  return {
    id,
    competition_id: edition.competitionId,
    season_id: edition.seasonId,
    // A group match's round is its group ("Group A"): the files' "Matchday N" counts across groups.
    round: raw.group ?? raw.round,
    stage: null,
    home_team_id: home.teamId,
    away_team_id: away.teamId,
    starts_at: start.startsAt,
    time_known: start.timeKnown,
    status: matchStatus(raw.status, raw.score, kickoffEndsAt, now),
    source_status: raw.status,
    ...scoreColumns(raw.score, final),
    venue_name: raw.ground,
    // `ground` is one text ("Lusail Iconic Stadium, Lusail"); the file says nothing of neutral ground.
    venue_city: null,
    venue_country: null,
    neutral: null,
    local_date: raw.date,
    source: SOURCE,
  };
}

/** Both `time` and `time_local` given, with zones, naming different instants. */
function clocksDisagree(raw: MatchEntry): boolean {
  if (raw.time === null || raw.timeLocal === null) return false;
  const [a, b] = [parseClock(raw.time), parseClock(raw.timeLocal)];
  if (!a.ok || !b.ok || a.value.offset === null || b.value.offset === null) return false;
  return utcInstant(raw.date, a.value, a.value.offset) !== utcInstant(raw.date, b.value, b.value.offset);
}

/** Goal lists given but not as long as the final score says. */
function goalsDisagree(raw: MatchEntry): boolean {
  const final = finalScore(raw.score);
  if (raw.goals1 === null || raw.goals2 === null || final === null) return false;
  return raw.goals1.length !== final[0] || raw.goals2.length !== final[1];
}
