import type { Kysely } from 'kysely';
import { attributionsFor } from '../../provenance/sources.js';
import type { Storage } from '../../storage/connection.js';
import { findMatches } from '../../storage/repositories/match.repository.js';
import {
  eventsForMatches,
  figureMatches,
  lineupsForMatches,
  matchesOfPlayer,
  namesOf,
  squadsOfPlayer,
} from '../../storage/repositories/player-figures.repository.js';
import type { Database } from '../../storage/schema.js';
import { playerStatistics } from '../details/player-statistics.js';
import { coverageOf, tally, timelineOf, type Tally } from './player-figures.js';

/**
 * A player's career: one row per competition, season and team, from every squad naming them and every
 * match they have a lineup row or a timeline event in. Appearances and starts where lineups cover each of
 * the team's matches of that season; goals (penalty and own goals) where the timelines do and their source
 * records goals; cards where that source records cards; minutes where lineups and card-recording
 * timelines (which record substitutions too) both do, counted as the match player statistics count them.
 */
export async function playerCareer(storage: Storage, db: Kysely<Database>, playerId: string) {
  const matchIds = await matchesOfPlayer(db, playerId);
  const squads = await squadsOfPlayer(db, playerId);
  const matchRows = await findMatches(storage, matchIds);
  const teamSeasons = [
    ...squads,
    ...[...matchRows.values()].flatMap((m) => [
      { season_id: m.season_id, team_id: m.home_team_id },
      { season_id: m.season_id, team_id: m.away_team_id },
    ]),
  ];
  const all = teamSeasons.length === 0 ? [] : await figureMatches(db, { teamSeasons });
  const mine = new Set(matchIds);
  const played = all.filter((m) => mine.has(m.id));
  const events = await eventsForMatches(db, matchIds);
  const lineups = await lineupsForMatches(db, matchIds);
  const timelines = timelineOf(played, events);
  const tallies = [...tally(played, timelines, lineups).values()].filter((t) => t.player.id === playerId);
  const rows = new Map<string, Tally>(tallies.map((t) => [`${t.season_id}|${t.team_id}`, t]));
  for (const s of squads) {
    const key = `${s.season_id}|${s.team_id}`;
    if (!rows.has(key)) {
      rows.set(key, {
        player: { id: playerId, name: '' },
        season_id: s.season_id,
        team_id: s.team_id,
        appearances: 0,
        starts: 0,
        goals: 0,
        penalty_goals: 0,
        own_goals: 0,
        yellow_cards: 0,
        red_cards: 0,
        matches: new Set(),
      });
    }
  }
  const names = await namesOf(db, {
    seasons: [...rows.values()].map((r) => r.season_id),
    teams: [...rows.values()].map((r) => r.team_id),
  });
  const lineupsOf = (matchId: string) => lineups.filter((r) => r.match_id === matchId);
  const out = [...rows.values()].map((r) => {
    const coverage = coverageOf(
      all.filter((m) => m.season_id === r.season_id),
      r.team_id,
    );
    const minutesKnown = coverage.lineups && coverage.yellow_cards;
    let minutes = 0;
    if (minutesKnown) {
      for (const matchId of r.matches) {
        const match = matchRows.get(matchId);
        if (!match) continue;
        const stats = playerStatistics(match, lineupsOf(matchId), timelines.get(matchId) ?? []);
        const line = stats.teams.flatMap((t) => t.players).find((p) => p.player.id === playerId);
        minutes += line?.minutes_played ?? 0;
      }
    }
    const season = names.seasons.get(r.season_id);
    const known = <T>(flag: boolean, value: T) => (flag ? value : null);
    return {
      key: `${season?.competition_name ?? ''}|${r.season_id}`,
      row: {
        competition: { id: season?.competition_id ?? '', name: season?.competition_name ?? '' },
        season: { id: r.season_id, name: season?.name ?? '' },
        team: { id: r.team_id, name: names.teams.get(r.team_id) ?? '' },
        appearances: known(coverage.lineups, r.appearances),
        starts: known(coverage.lineups, r.starts),
        minutes: known(minutesKnown, minutes),
        goals: known(coverage.goals, r.goals),
        penalty_goals: known(coverage.goals, r.penalty_goals),
        own_goals: known(coverage.goals, r.own_goals),
        yellow_cards: known(coverage.yellow_cards, r.yellow_cards),
        red_cards: known(coverage.red_cards, r.red_cards),
        coverage: {
          appearances: coverage.lineups,
          minutes: minutesKnown,
          goals: coverage.goals,
          cards: coverage.yellow_cards && coverage.red_cards,
        },
      },
      startsOn: season?.key ?? '',
    };
  });
  out.sort(
    (a, b) =>
      a.startsOn.localeCompare(b.startsOn) ||
      a.row.competition.name.localeCompare(b.row.competition.name) ||
      a.row.team.name.localeCompare(b.row.team.name),
  );
  const sources = new Set<string>();
  for (const rows of timelines.values()) for (const e of rows) sources.add(e.source);
  for (const l of lineups) if (l.player_id === playerId) sources.add(l.source);
  return { rows: out.map((o) => o.row), attribution: attributionsFor(sources) };
}
