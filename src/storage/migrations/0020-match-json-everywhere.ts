import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

// Every match's JSON, on every engine, written by the API's own serializer (representation/match.ts)
// instead of SQLite's json_object (issue 37: one serializer of a match). Until now only SQLite stored it
// and PostgreSQL serialized rows on every request. The text written is the same on SQLite (the two were
// held equal by a test over every match of the dataset); this writes it afresh rather than trusting that.
// Once per database: 10.4 s for 92,643 matches on SQLite on a 2-core machine busy with another job.
// The writing is now 0021's, which runs next: the serializer reads the columns that migration adds, and
// the JSON it writes is the one that stays. So this migration only empties the table.
export async function up(db: AnyDb): Promise<void> {
  await sql`delete from match_json`.execute(db);
}
