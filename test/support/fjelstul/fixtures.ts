import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TABLES, type TableName } from '../../../src/ingest/fjelstul/files.js';
import { runIngestion, type RunSummary } from '../../../src/ingest/runner.js';
import { SOURCES } from '../../../src/ingest/sources.js';
import type { Storage } from '../../../src/storage/connection.js';
import { openTestStorage } from '../test-database.js';

export type Cells = Record<string, string | number>;

/** A temporary folder removed by `cleanup()`. */
export function tempDir(prefix = 'touchline-fjelstul-'): { dir: string; cleanup: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  return { dir, cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** A new, migrated database of its own on the engine under test; `close()` also removes it. */
export function openDb(): Promise<Storage> {
  return openTestStorage('touchline.db');
}

export function ingestFjelstul(storage: Storage, from: string): Promise<RunSummary> {
  return runIngestion(storage, {
    source: 'fjelstul',
    location: from,
    load: () => SOURCES.fjelstul!({ from }),
  });
}

function quote(value: string | number): string {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** CSV text with the table's columns (plus any extra a row names), quoting where needed. */
export function csvText(columns: readonly string[], rows: readonly Cells[], eol = '\n'): string {
  const header = [...columns];
  for (const row of rows) for (const key of Object.keys(row)) if (!header.includes(key)) header.push(key);
  const lines = [header.join(','), ...rows.map((r) => header.map((c) => quote(r[c] ?? '')).join(','))];
  return lines.join(eol) + eol;
}

/** Writes `<dir>/data-csv/<table>.csv` for each table given (an empty list writes the header only). */
export function writeTables(dir: string, tables: Partial<Record<TableName, readonly Cells[]>>): string {
  const folder = path.join(dir, 'data-csv');
  fs.mkdirSync(folder, { recursive: true });
  for (const [name, rows] of Object.entries(tables) as Array<[TableName, Cells[]]>) {
    fs.writeFileSync(path.join(folder, `${name}.csv`), csvText(TABLES[name].columns, rows));
  }
  return folder;
}

const T = (id: string, name: string, code: string, men = 1, women = 0): Cells => ({
  team_id: id,
  team_name: name,
  team_code: code,
  mens_team: men,
  womens_team: women,
});

export const TEAMS: Cells[] = [
  T('T-03', 'Argentina', 'ARG', 1, 1),
  T('T-30', 'France', 'FRA', 1, 1),
  T('T-31', 'Germany', 'DEU', 1, 1),
  T('T-86', 'West Germany', 'DEU'),
  T('T-83', 'United States', 'USA', 1, 1),
  T('T-09', 'Brazil', 'BRA', 1, 1),
];

export function player(id: string, given: string, family: string, birth = '1990-01-01'): Cells {
  return { player_id: id, given_name: given, family_name: family, birth_date: birth };
}

/** A finished men's 2022 match, Argentina v France unless overridden. */
export function match(over: Cells = {}): Cells {
  return {
    tournament_id: 'WC-2022',
    tournament_name: "2022 FIFA Men's World Cup",
    match_id: 'M-2022-64',
    stage_name: 'final',
    group_name: 'not applicable',
    match_date: '2022-12-18',
    match_time: '18:00',
    stadium_name: 'Lusail Stadium',
    city_name: 'Lusail',
    country_name: 'Qatar',
    home_team_id: 'T-03',
    away_team_id: 'T-30',
    home_team_score: 0,
    away_team_score: 0,
    extra_time: 0,
    penalty_shootout: 0,
    home_team_score_penalties: 0,
    away_team_score_penalties: 0,
    ...over,
  };
}

/** An in-match event row (goal, booking or substitution) at a minute of the first or second half. */
export function event(
  match: string,
  team: string,
  playerId: string,
  minute: number,
  over: Cells = {},
): Cells {
  return {
    match_id: match,
    team_id: team,
    player_id: playerId,
    minute_regulation: minute,
    minute_stoppage: 0,
    match_period: minute <= 45 ? 'first half' : 'second half',
    ...over,
  };
}
