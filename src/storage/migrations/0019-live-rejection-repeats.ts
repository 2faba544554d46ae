import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

// A bounded rejections log (issue 38): a batch that repeats one refusal (350,000 `{}` lines) keeps its
// first examples as rows of their own and the rest as one row with `repeats`, how many refusals that row
// stands for (1 for every row before). Old rows are deleted by age and beyond a count, which needs
// `received_at` indexed, as the log can hold many rows before its first pruning.
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('live_rejections')
    .addColumn('repeats', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createIndex('live_rejections_received')
    .on('live_rejections')
    .column('received_at')
    .execute();
}
