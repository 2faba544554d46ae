// Small source artifacts written by the tests: an openfootball/clubs directory, football.json season
// files, football-data CSV files and worldcup.json files, laid out as the real repositories are.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A temporary folder removed by `cleanup()`. */
export function tempDir(): { dir: string; cleanup: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'touchline-sources-'));
  return { dir, cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

function write(file: string, text: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}

/** `<root>/clubs/europe/england/eng.clubs.txt` with three clubs and football-data's short names. */
export function writeClubs(root: string): string {
  const dir = path.join(root, 'clubs');
  write(
    path.join(dir, 'europe/england/eng.clubs.txt'),
    [
      '= England',
      'Burnley FC, 1882, Burnley',
      '  | Burnley',
      'Manchester City FC, 1880, Manchester',
      '  | Man City',
      'Arsenal FC, 1886, London',
      '  | Arsenal',
      '',
    ].join('\n'),
  );
  return dir;
}

export type Fixture = Record<string, unknown>;

/** `<root>/football.json/2023-24/en.1.json` with the given matches (Burnley v Man City by default). */
export function writeFootballJson(root: string, matches: Fixture[] = [BURNLEY_CITY]): string {
  const dir = path.join(root, 'football.json');
  write(
    path.join(dir, '2023-24/en.1.json'),
    JSON.stringify({ name: 'English Premier League 2023/24', matches }),
  );
  return dir;
}

export const BURNLEY_CITY: Fixture = {
  round: 'Matchday 1',
  date: '2023-08-11',
  time: '20:00',
  team1: 'Burnley FC',
  team2: 'Manchester City FC',
  score: { ht: [0, 2], ft: [0, 3] },
};

/** The columns of the datasets/football-datasets mirror of football-data.co.uk. */
export const FOOTBALL_DATA_COLUMNS = [
  'Date,HomeTeam,AwayTeam,FTHG,FTAG,FTR,HTHG,HTAG,HTR,Referee',
  'HS,AS,HST,AST,HF,AF,HC,AC,HY,AY,HR,AR',
]
  .join(',')
  .split(',');

/** The real season-2324.csv row of Burnley v Man City, 2023-08-11. */
export const BURNLEY_CITY_ROW = '2023-08-11,Burnley,Man City,0,3,A,0,2,A,C Pawson,6,17,1,8,11,8,6,5,0,0,1,0';

/** A CSV row from named cells; the others are empty. */
export function csvRow(cells: Record<string, string | number>): string {
  return FOOTBALL_DATA_COLUMNS.map((c) => String(cells[c] ?? '')).join(',');
}

/**
 * `<root>/football-data/datasets/<league>/season-<season>.csv` with the given data rows; returns the
 * `football-data` folder, whose sibling `clubs` folder (if any) is the club directory.
 */
export function writeFootballData(
  root: string,
  rows: string[],
  league = 'premier-league',
  season = '2324',
): string {
  const dir = path.join(root, 'football-data');
  write(
    path.join(dir, 'datasets', league, `season-${season}.csv`),
    [FOOTBALL_DATA_COLUMNS.join(','), ...rows].join('\n') + '\n',
  );
  return dir;
}

/** `<root>/worldcup.json/<year>/worldcup.json` with the given matches. */
export function writeWorldcupJson(root: string, year: string, matches: Fixture[]): string {
  const dir = path.join(root, 'worldcup.json');
  write(path.join(dir, year, 'worldcup.json'), JSON.stringify({ name: `World Cup ${year}`, matches }));
  return dir;
}
