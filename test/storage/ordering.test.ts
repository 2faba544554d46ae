import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { openStorage, type Storage } from '../../src/storage/connection.js';
import { migrateToLatest } from '../../src/storage/migrations/migrate.js';
import { listCompetitions, listSeasons } from '../../src/storage/repositories/competition.repository.js';
import { latestSquad } from '../../src/storage/repositories/team-detail.repository.js';
import { listTeams } from '../../src/storage/repositories/team.repository.js';
import { foldText } from '../../src/text/fold.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';

// Listings come out in the same order on both engines. Text sorts by code point: SQLite always does so,
// PostgreSQL because text columns carry the C collation whatever the database's locale (its test databases
// get a linguistic one, under which "aberdeen fc" would sort before "a.f.c. bournemouth" and "Österreich"
// between England and Spain). NULLs sort first, SQLite's default, which PostgreSQL queries ask for.
const NOW = '2024-03-01T12:00:00Z';

describe('storage: listings sort the same on every engine', () => {
  let database: TestDatabase;
  let storage: Storage;

  /** Only the columns these tests need; any other takes its default. */
  async function insert(
    table: 'teams' | 'competitions' | 'seasons' | 'players' | 'squad_members',
    rows: Array<Record<string, unknown>>,
  ) {
    const stamped = rows.map((row) => ({ ...row, created_at: NOW, updated_at: NOW }));
    await storage.db
      .insertInto(table)
      .values(stamped as never)
      .execute();
  }

  before(async () => {
    database = await createTestDatabase();
    storage = openStorage(database.url);
    await migrateToLatest(storage);
    const teams = ['Ajax', 'AFC Wimbledon', 'AC Milan', 'Aberdeen FC', 'A.F.C. Bournemouth', '1. FC Köln'];
    await insert(
      'teams',
      teams.map((name, i) => ({
        id: `team_${i}`,
        slug: `t${i}`,
        name,
        name_season: '2023-24',
        search_name: foldText(name),
      })),
    );
    await insert(
      'competitions',
      [
        ['es', 'Spain'],
        ['at', 'Österreich'],
        ['en', 'England'],
      ].map(([code, country]) => ({
        id: `comp_${code}`,
        code,
        slug: code,
        name: `League ${code}`,
        name_season: '2023-24',
        country_name: country,
        type: 'league',
        gender: 'male',
        timezone: 'UTC',
        search_name: `league ${code}`,
        season_count: 1,
      })),
    );
    await insert(
      'seasons',
      ['2023', '2023-24', '2024', '2022-23'].map((key) => ({
        id: `season_${key}`,
        competition_id: 'comp_en',
        key,
        name: key,
        match_count: 1,
      })),
    );
    const squad: Array<[string, number | null]> = [
      ['Pelé', 10],
      ['Ádám', null],
      ['Garrincha', 9],
      ['Zico', null],
    ];
    await insert(
      'players',
      squad.map(([name], i) => ({ id: `player_${i}`, name, source: 'test' })),
    );
    await insert(
      'squad_members',
      squad.map(([, shirt], i) => ({
        id: `squad_${i}`,
        season_id: 'season_2024',
        team_id: 'team_0',
        player_id: `player_${i}`,
        shirt_number: shirt,
        source: 'test',
      })),
    );
  });

  after(async () => {
    await storage?.close();
    await database?.drop();
  });

  it('teams sort by folded name, code point by code point', async () => {
    const page = await listTeams(storage.db, undefined, { page: 1, limit: 50 });
    assert.deepEqual(
      page.rows.map((t) => t.name),
      ['1. FC Köln', 'A.F.C. Bournemouth', 'Aberdeen FC', 'AC Milan', 'AFC Wimbledon', 'Ajax'],
    );
  });

  it('competitions sort by country name, code point by code point', async () => {
    const page = await listCompetitions(storage.db, {}, { page: 1, limit: 50 });
    assert.deepEqual(
      page.rows.map((c) => c.country_name),
      ['England', 'Spain', 'Österreich'],
    );
  });

  it('seasons sort by key, newest first', async () => {
    const seasons = await listSeasons(storage.db, 'comp_en');
    assert.deepEqual(
      seasons.map((s) => s.key),
      ['2024', '2023-24', '2023', '2022-23'],
    );
  });

  it('a squad sorts by shirt number, a missing one first, then by name', async () => {
    const squad = await latestSquad(storage.db, 'team_0');
    assert.deepEqual(
      squad?.players.map((p) => p.name),
      ['Zico', 'Ádám', 'Garrincha', 'Pelé'],
    );
  });
});
