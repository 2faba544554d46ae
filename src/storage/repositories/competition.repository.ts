import { sql, type Kysely } from 'kysely';
import type { Storage } from '../connection.js';
import { then, type Maybe } from '../maybe.js';
import { QueryTemplates, readRows } from '../query-templates.js';
import type { CompetitionTable, Database, SeasonTable } from '../schema.js';
import { likeContains, pageOffset, toPage, type PageRequest, type PageResult } from './page.js';

export type CompetitionRow = CompetitionTable;
export type SeasonRow = SeasonTable;

export interface CompetitionFilter {
  countryCode?: string;
  /** Already folded (lower case, no accents). */
  search?: string;
}

function filtered(db: Kysely<Database>, filter: CompetitionFilter) {
  let query = db.selectFrom('competitions').where('season_count', '>', 0);
  if (filter.countryCode) query = query.where('country_code', '=', filter.countryCode.toUpperCase());
  if (filter.search)
    query = query.where(sql<boolean>`search_name like ${likeContains(filter.search)} escape '\\'`);
  return query;
}

/** Active competitions (at least one season stored), by country then name; international ones last. */
export async function listCompetitions(
  db: Kysely<Database>,
  filter: CompetitionFilter,
  page: PageRequest,
): Promise<PageResult<CompetitionRow> & { total: number }> {
  const rows = await filtered(db, filter)
    .selectAll()
    .orderBy(sql`case when country_name is null then 1 else 0 end`)
    .orderBy('country_name')
    .orderBy('search_name')
    .orderBy('name')
    .orderBy('id')
    .limit(page.limit + 1)
    .offset(pageOffset(page))
    .execute();
  const count = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return { ...toPage(rows, page), total: Number(count.n) };
}

const competitionById = (db: Kysely<Database>, id: string) =>
  db.selectFrom('competitions').selectAll().where('id', '=', id);
const seasonById = (db: Kysely<Database>, id: string) =>
  db.selectFrom('seasons').selectAll().where('id', '=', id);

const COMPETITION = new QueryTemplates<{ id: string }>((db, { id }) => competitionById(db, id));
const SEASON = new QueryTemplates<{ id: string }>((db, { id }) => seasonById(db, id));

export function findCompetition(storage: Storage, id: string): Maybe<CompetitionRow | undefined> {
  return then(readRows<CompetitionRow>(storage, COMPETITION.compile(storage.db, { id })), ([row]) => row);
}

/** Seasons of a competition, newest first. */
export async function listSeasons(db: Kysely<Database>, competitionId: string): Promise<SeasonRow[]> {
  return db
    .selectFrom('seasons')
    .selectAll()
    .where('competition_id', '=', competitionId)
    .where('match_count', '>', 0)
    .orderBy('key', 'desc')
    .execute();
}

export function findSeason(storage: Storage, id: string): Maybe<SeasonRow | undefined> {
  return then(readRows<SeasonRow>(storage, SEASON.compile(storage.db, { id })), ([row]) => row);
}
