import { sql, type Kysely } from 'kysely';
import type { Engine } from '../connection.js';
import { refreshPlannerStatistics } from '../planner-statistics.js';
import { textType } from './column-types.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Stamps the log's rows that have no time with the newest `updated_at` of their record and of every record
 * logged before them (see below). Exported for its test.
 */
export async function stampLoggedChanges(db: AnyDb): Promise<void> {
  await sql`update changes set changed_at = stamped.changed_at
    from (
      select c.seq, max(coalesce(m.updated_at, t.updated_at, s.updated_at, k.updated_at)) over (order by c.seq) as changed_at
      from changes c
      left join matches m on c.kind = 'match' and m.id = c.record_id
      left join teams t on c.kind = 'team' and t.id = c.record_id
      left join seasons s on c.kind = 'season' and s.id = c.record_id
      left join competitions k on c.kind = 'competition' and k.id = c.record_id
    ) as stamped
    where stamped.seq = changes.seq and changes.changed_at is null`.execute(db);
}

// The match list's later parameters (docs/api.md, "Match list"), each an index range:
// - updated_since: the change log's rows carry when their change was committed (`changed_at`, ISO text
//   like every stamp), and are found by kind and time. Rows logged before this migration get the newest
//   `updated_at` of their record and of every record logged before them: a time no earlier than the run
//   that wrote the change started (the log has no better record of it), and never decreasing along the
//   log, as later stamps are (change-log.repository.ts).
// - opponent_id (head-to-head): a pairing's matches, whichever side is at home, are one range of an index
//   on the two teams in ID order (the same on both engines: text columns compare by code point), already in
//   kick-off order. Indexed on expressions, it is no candidate for a query on one team, whose two ranges
//   ((home|away)_team_id, ..., starts_at, id) the planner must keep merging in order.
// - round: the round as served (the round, or the stage where the source gives none), in kick-off order,
//   alone and within a season (a season's round is what clients ask for: through the round alone, the
//   planner would read every season's "Matchday 1" and their rows to find one season's); the queries spell
//   the expression exactly as here, or the planners would not use the indexes.
export async function up(db: AnyDb, engine: Engine): Promise<void> {
  await db.schema.alterTable('changes').addColumn('changed_at', textType(engine)).execute();
  await stampLoggedChanges(db);
  await db.schema
    .createIndex('changes_changed')
    .on('changes')
    .columns(['kind', 'changed_at', 'record_id'])
    .execute();
  await sql`create index matches_pairing_order on matches (
    (case when home_team_id < away_team_id then home_team_id else away_team_id end),
    (case when home_team_id < away_team_id then away_team_id else home_team_id end),
    starts_at, id)`.execute(db);
  await sql`create index matches_round_order on matches (coalesce(round, stage), starts_at, id)`.execute(db);
  await sql`create index matches_season_round_order on matches (season_id, coalesce(round, stage), starts_at, id)`.execute(
    db,
  );
  await refreshPlannerStatistics(db, engine);
}
