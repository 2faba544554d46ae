import type { Kysely } from 'kysely';
import type { Database } from '../storage/schema.js';
import { nationalTeamIds, pointsFrom, scoredMatchesFrom } from '../storage/repositories/rating.repository.js';
import { forecasts, type Forecast, type ScoredMatch } from './evaluation.js';
import { neutralGround, systemOf } from './rated-matches.js';
import { RULES_OF, type RatingSystem } from './rating-rules.js';

/** Every finished, rated match of `system` with its forecast from the stored points. */
export async function storedForecasts(db: Kysely<Database>, system: RatingSystem): Promise<Forecast[]> {
  const national = await nationalTeamIds(db);
  const rules = RULES_OF[system];
  const matches: ScoredMatch[] = [];
  for (const row of await scoredMatchesFrom(db, null)) {
    if (systemOf(row, national) !== system) continue;
    matches.push({
      id: row.id,
      startsAt: row.starts_at,
      date: row.local_date ?? row.starts_at.slice(0, 10),
      home: row.home_team_id,
      away: row.away_team_id,
      homeGoals: row.home_score,
      awayGoals: row.away_score,
      neutral: neutralGround(row.neutral, system),
      kind: system === 'national' ? rules.importanceOf(row.code).name : row.type,
    });
  }
  matches.sort((a, b) => (a.startsAt < b.startsAt ? -1 : a.startsAt > b.startsAt ? 1 : a.id < b.id ? -1 : 1));
  const points = (await pointsFrom(db, null)).filter((p) => p.system === system);
  return forecasts(matches, points, rules);
}
