import { sql, type Kysely } from 'kysely';
import type { Engine } from '../connection.js';
import { writeAllMatchJson } from '../repositories/match-json.js';
import type { Database } from '../schema.js';
import { textType } from './column-types.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

// The score breakdown (issue 40): a match shows its half-time, 90-minute, extra-time and shoot-out scores,
// its winner, what decided it and, on the second leg of a two-legged tie, the aggregate. The stages were
// stored already (ht_/ft_/et_/pen_ columns, shootout_winner); what is new is `first_leg_id`, which an
// ingestion sets on a second leg whose tie its source shows (football.json: the same round, the sides
// swapped), so the aggregate reads the first leg's score as it stands. Indexed, as a run that changes a
// first leg rewrites the stored JSON of the matches naming it (repositories/match-json.ts). No foreign
// key: a first leg its source withdraws is removed alone, and its second leg then shows no aggregate. Existing
// second legs get it from the next ingestion of their source. match_json is written again, since every
// match's JSON has the new keys: as 0020, with the API's serializer.
export async function up(db: AnyDb, engine: Engine): Promise<void> {
  await db.schema.alterTable('matches').addColumn('first_leg_id', textType(engine)).execute();
  await db.schema.createIndex('matches_first_leg').on('matches').column('first_leg_id').execute();
  await sql`delete from match_json`.execute(db);
  await writeAllMatchJson(db as Kysely<Database>);
}
