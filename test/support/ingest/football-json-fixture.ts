import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A football.json match entry; tests may also pass deliberately broken entries as `unknown`. */
export interface FixtureMatch {
  round?: string;
  stage?: string;
  date: string;
  time?: string;
  team1: string;
  team2: string;
  score?: unknown;
  status?: string;
}

type MoreKeys = Partial<Pick<FixtureMatch, 'round' | 'stage' | 'status'>>;

/**
 * A match entry from `"YYYY-MM-DD[ HH:MM]"`, the teams, the score and any other keys; the round is
 * "Matchday 1" unless given (pass `round: undefined` for an entry without one).
 */
export function entry(
  when: string,
  team1: string,
  team2: string,
  score: unknown = {},
  more: MoreKeys = {},
): FixtureMatch {
  const [date = '', time] = when.split(' ');
  return { round: 'Matchday 1', date, ...(time ? { time } : {}), team1, team2, score, ...more };
}

/** `"2023-24/en.1"` -> the file's document, or raw text to write as is (for broken files). */
export type FixtureFiles = Record<string, { name: string; matches: unknown[] } | string>;

export function makeTempDir(label: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `touchline-${label}-`));
}

export function removeDir(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true });
}

/** Writes `<root>/<folder>/<season>/<code>.json` files and returns the football.json folder. */
export function writeFootballJson(root: string, files: FixtureFiles, folder = 'football.json'): string {
  const base = path.join(root, folder);
  for (const [key, doc] of Object.entries(files)) {
    const file = path.join(base, `${key}.json`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, typeof doc === 'string' ? doc : JSON.stringify(doc, null, 2));
  }
  return base;
}

/** Writes `<root>/clubs/europe/england/eng.clubs.txt` (empty text gives an empty directory) and returns `<root>/clubs`. */
export function writeClubs(root: string, engClubs = ''): string {
  const base = path.join(root, 'clubs');
  fs.mkdirSync(base, { recursive: true });
  if (engClubs !== '') {
    const file = path.join(base, 'europe', 'england', 'eng.clubs.txt');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, engClubs);
  }
  return base;
}

/** A tiny eng.clubs.txt in the directory's own format. */
export const ENG_CLUBS = `= England

Manchester United FC, 1878, @ Old Trafford, Manchester   ## North West England
  | Man Utd | Man. United | Manchester United
Tottenham Hotspur FC, 1882, @ White Hart Lane, London (Tottenham)   ## Greater London
  | Tottenham | Tottenham Hotspur | Spurs
Chelsea FC, 1905, @ Stamford Bridge, London (Fulham)    ## Greater London
  | Chelsea | FC Chelsea
`;

export function epl(season: string, matches: FixtureMatch[]): { name: string; matches: FixtureMatch[] } {
  return { name: `English Premier League ${season.replace('-', '/')}`, matches };
}

/**
 * Two Premier League seasons spelling the same clubs differently ("Manchester United" in 2015-16,
 * "Manchester United FC" in 2023-24), with a fixture still to play on 2024-05-19.
 */
export const EPL_2015_16 = epl('2015-16', [
  entry('2015-08-08 12:45', 'Manchester United', 'Tottenham Hotspur', { ft: [1, 0] }),
  entry('2015-08-15 15:00', 'Chelsea', 'Manchester United', { ft: [2, 2] }, { round: 'Matchday 2' }),
]);
export const EPL_2023_24 = epl('2023-24', [
  entry('2023-08-14 20:00', 'Manchester United FC', 'Tottenham Hotspur FC', { ft: [1, 0] }),
  entry('2023-08-19 17:30', 'Chelsea FC', 'Burnley', { ft: [1, 1] }, { round: 'Matchday 2' }),
  entry('2024-05-19 16:00', 'Burnley', 'Manchester United FC', {}, { round: 'Matchday 3' }),
]);

/** EPL_2023_24 once its last fixture has been played (0-2). */
export const EPL_2023_24_PLAYED = {
  ...EPL_2023_24,
  matches: EPL_2023_24.matches.map((m, i) => (i === 2 ? { ...m, score: { ft: [0, 2] } } : m)),
};
