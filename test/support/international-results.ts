// Small international results folders, laid out as the real repository is (results.csv, goalscorers.csv,
// shootouts.csv, former_names.csv), and the files as the adapter's table reader sees them.
import fs from 'node:fs';
import path from 'node:path';
import { sha256 } from '../../src/ingest/artifacts/read-artifact.js';
import type { ArtifactFile, Rejection } from '../../src/ingest/canonical.js';
import { loadFiles, type FileKey, type Sheet } from '../../src/ingest/international-results/files.js';

export const HEADERS = {
  results: 'date,home_team,away_team,home_score,away_score,tournament,city,country,neutral',
  goalscorers: 'date,home_team,away_team,team,scorer,minute,own_goal,penalty',
  shootouts: 'date,home_team,away_team,winner,first_shooter',
  formerNames: 'current,former,start_date,end_date',
} as const;

const FILE_NAMES: Record<FileKey, string> = {
  results: 'results.csv',
  goalscorers: 'goalscorers.csv',
  shootouts: 'shootouts.csv',
  formerNames: 'former_names.csv',
};

export type Rows = Partial<Record<FileKey, string[]>>;

/** `<root>/international_results/<file>.csv` for each file given (header added); returns the folder. */
export function writeInternationalResults(root: string, rows: Rows): string {
  const dir = path.join(root, 'international_results');
  fs.mkdirSync(dir, { recursive: true });
  for (const [key, lines] of Object.entries(rows) as Array<[FileKey, string[]]>) {
    fs.writeFileSync(path.join(dir, FILE_NAMES[key]), [HEADERS[key], ...lines].join('\n') + '\n');
  }
  return dir;
}

/** The files as read from an artifact, with their rejections. */
export function sheetsOf(rows: Rows): { sheets: Map<FileKey, Sheet>; rejections: Rejection[] } {
  // results.csv is required: an empty one (its header) stands in when the test needs other files only.
  const all: Rows = { results: [], ...rows };
  const files: ArtifactFile[] = (Object.entries(all) as Array<[FileKey, string[]]>).map(([key, lines]) => {
    const bytes = Buffer.from([HEADERS[key], ...lines].join('\n') + '\n');
    return { uri: `international_results/${FILE_NAMES[key]}`, bytes, sha256: sha256(bytes), retrievedAt: '' };
  });
  const rejections: Rejection[] = [];
  return { sheets: loadFiles(files, rejections).sheets, rejections };
}

/** The real former_names.csv rows the tests rely on. */
export const FORMER_NAMES = [
  'Benin,Dahomey,1959-11-08,1975-11-30',
  'DR Congo,Zaïre,1971-01-10,1997-04-27',
  'Indonesia,Dutch East Indies,1934-05-13,1951-03-04',
  'Northern Ireland,Ireland,1882-02-18,1956-04-11',
  'Russia,Soviet Union,1924-11-16,1991-11-13',
  'Russia,CIS,1992-01-25,1992-06-18',
  'Serbia,FR Yugoslavia,1994-12-23,2003-02-03',
  'Serbia,Serbia and Montenegro,2003-02-04,2006-06-21',
  'Ghana,Gold Coast,1950-05-28,1957-03-06',
];
