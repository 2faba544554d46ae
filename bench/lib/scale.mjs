// Synthetic growth of the football.json dataset: copy k of the tree has every season moved 100·k years
// later (folder `2010-11` -> `2110-11` for k = 1, match dates likewise) and every team name suffixed with
// " X<k>", so each copy brings distinct seasons, teams and matches of exactly the original shapes (same
// competitions, rounds, scores, statuses, rejected placeholders and season-year corrections).
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const SEASON_DIR = /^(\d{4})(-\d{2})?$/;
const COUNTRY_SUFFIX = /^(.*\S)(\s+\([A-Z]{3}\))$/;

/** The `<season>/<code>.json` files of a football.json folder, sorted, with their record counts. */
export function seasonFiles(root) {
  const out = [];
  for (const season of fs.readdirSync(root).sort()) {
    if (!SEASON_DIR.test(season) || !fs.statSync(path.join(root, season)).isDirectory()) continue;
    for (const name of fs.readdirSync(path.join(root, season)).sort()) {
      if (!/^[a-z]+(\.[a-z0-9]+)?\.json$/.test(name)) continue;
      const file = path.join(root, season, name);
      const records = JSON.parse(fs.readFileSync(file, 'utf8')).matches.length;
      out.push({ season, name, file, records });
    }
  }
  return out;
}

/** Copies `files` unchanged into `<dest>/<season>/<code>.json`; returns the number of records. */
export function writeSubset(files, dest) {
  let records = 0;
  for (const f of files) {
    fs.mkdirSync(path.join(dest, f.season), { recursive: true });
    fs.copyFileSync(f.file, path.join(dest, f.season, f.name));
    records += f.records;
  }
  return records;
}

let placeholder;
/** The project's own placeholder test ("N.N.", "Sieger EF"): those names stay as they are, and rejected. */
async function placeholderTest(repoRoot) {
  if (!placeholder) {
    const url = pathToFileURL(path.join(repoRoot, 'dist/ingest/openfootball/team-names.js')).href;
    placeholder = (await import(url)).isPlaceholderTeam;
  }
  return placeholder;
}

function shiftYear(text, years) {
  return `${Number(text.slice(0, 4)) + years}${text.slice(4)}`;
}

/** Writes copy `k` of `files` into `dest`; returns the number of records written. */
export async function writeCopy(files, dest, k, repoRoot) {
  const isPlaceholder = await placeholderTest(repoRoot);
  const years = 100 * k;
  const rename = (team) => {
    if (typeof team !== 'string' || isPlaceholder(team)) return team;
    const m = COUNTRY_SUFFIX.exec(team);
    return m ? `${m[1]} X${k}${m[2]}` : `${team} X${k}`;
  };
  let records = 0;
  for (const f of files) {
    const doc = JSON.parse(fs.readFileSync(f.file, 'utf8'));
    for (const match of doc.matches) {
      if (typeof match.date === 'string' && /^\d{4}-/.test(match.date)) {
        match.date = shiftYear(match.date, years);
      }
      match.team1 = rename(match.team1);
      match.team2 = rename(match.team2);
    }
    records += doc.matches.length;
    const season = shiftYear(f.season, years);
    fs.mkdirSync(path.join(dest, season), { recursive: true });
    fs.writeFileSync(path.join(dest, season, f.name), JSON.stringify(doc));
  }
  return records;
}
