import { sql, type Kysely } from 'kysely';
import type { Database, TeamTable } from '../schema.js';
import { nameKeyText } from '../../text/fold.js';
import { likeContains, pageOffset, toPage, type PageRequest, type PageResult } from './page.js';

export type TeamRow = TeamTable;

function filtered(db: Kysely<Database>, search: string | undefined) {
  let query = db.selectFrom('teams');
  if (search) {
    const pattern = likeContains(search);
    // Aliases are keyed without punctuation ("nott m forest"): the query is compared in that form too, so
    // "Nott'm Forest", "Côte d'Ivoire" or "Man. United" find the spellings the sources used.
    const key = nameKeyText(search);
    // A team is found by its current name or by any spelling stored as its alias.
    query = query.where((eb) =>
      eb.or([
        sql<boolean>`teams.search_name like ${pattern} escape '\\'`,
        ...(key === ''
          ? []
          : [
              eb.exists(
                eb
                  .selectFrom('team_aliases')
                  .select(sql`1`.as('one'))
                  .whereRef('team_aliases.team_id', '=', 'teams.id')
                  .where(sql<boolean>`team_aliases.alias_key like ${likeContains(key)} escape '\\'`),
              ),
            ]),
      ]),
    );
  }
  return query;
}

/**
 * Teams in alphabetical order of name, ignoring case and accents; `search` (folded) is a substring of the
 * name or of a stored alias, punctuation ignored for aliases.
 */
export async function listTeams(
  db: Kysely<Database>,
  search: string | undefined,
  page: PageRequest,
): Promise<PageResult<TeamRow> & { total: number }> {
  const rows = await filtered(db, search)
    .selectAll('teams')
    .orderBy('teams.search_name')
    .orderBy('teams.name')
    .orderBy('teams.id')
    .limit(page.limit + 1)
    .offset(pageOffset(page))
    .execute();
  const count = await filtered(db, search)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return { ...toPage(rows, page), total: Number(count.n) };
}

export async function findTeam(db: Kysely<Database>, id: string): Promise<TeamRow | undefined> {
  return db.selectFrom('teams').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The teams of a season's matches, home or away, by name (then ID). */
export async function seasonTeams(db: Kysely<Database>, seasonId: string): Promise<TeamRow[]> {
  const home = db.selectFrom('matches').select('home_team_id as id').where('season_id', '=', seasonId);
  const away = db.selectFrom('matches').select('away_team_id as id').where('season_id', '=', seasonId);
  return db
    .selectFrom('teams')
    .selectAll()
    .where('id', 'in', home.union(away))
    .orderBy('name')
    .orderBy('id')
    .execute();
}
