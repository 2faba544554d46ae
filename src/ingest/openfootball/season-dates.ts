import type { RawMatch } from './match-record.js';

const NUMBERED_ROUND = /(?:^|, )(?:Matchday (\d+)|(\d+)\. Round|Round (\d+))$/;
const SLACK_DAYS = 7;
// Two league rounds are never played less than two days apart.
const MIN_DAYS_PER_ROUND = 2;
const DAY_MS = 86_400_000;

function roundNumber(round: string | null): number | undefined {
  const m = round ? NUMBERED_ROUND.exec(round) : null;
  return m ? Number(m[1] ?? m[2] ?? m[3]) : undefined;
}

function addDays(date: string, days: number): string {
  return new Date(Date.parse(date) + days * DAY_MS).toISOString().slice(0, 10);
}

function addYear(date: string): string {
  return `${Number(date.slice(0, 4)) + 1}${date.slice(4)}`;
}

/**
 * Some football.json files date part of a two-year season a year too early (converter artefacts:
 * 2019-20 en.1 has July 2020 matches dated 2019-07, 2025-26 en.3 has its spring 2026 rounds dated 2025).
 * In a `YYYY-YY` season, a round from the second half of the season cannot be played before round 1 began
 * plus two days per round (earlier rounds are sometimes brought forward, so they are left alone), and an
 * unnumbered round (a play-off, a final) not more than a week before round 1; such a match moved one year
 * later belongs to the season. Returns the corrected dates by entry index.
 */
export function correctSeasonYears(
  seasonKey: string,
  matches: ReadonlyArray<RawMatch | null>,
): Map<number, string> {
  const corrections = new Map<number, string>();
  const m = /^(\d{4})-(\d{2})$/.exec(seasonKey);
  if (!m) return corrections;
  let firstRound: string | undefined;
  let lastRound = 0;
  for (const match of matches) {
    const n = match ? roundNumber(match.round) : undefined;
    if (n === 1 && (!firstRound || match!.date < firstRound)) firstRound = match!.date;
    if (n !== undefined && n > lastRound) lastRound = n;
  }
  if (!firstRound) return corrections;
  const lastYear = String(Number(m[1]) + 1);
  matches.forEach((match, index) => {
    if (!match) return;
    const n = roundNumber(match.round);
    if (n !== undefined && n <= lastRound / 2) return;
    const earliest =
      n === undefined ? addDays(firstRound, -SLACK_DAYS) : addDays(firstRound, (n - 1) * MIN_DAYS_PER_ROUND);
    if (match.date >= earliest) return;
    const moved = addYear(match.date);
    if (moved.slice(0, 4) <= lastYear) corrections.set(index, moved);
  });
  return corrections;
}

/** `2023-24` -> `2023/24`; calendar-year seasons keep their name. */
export function seasonName(seasonKey: string): string {
  return seasonKey.replace('-', '/');
}

/** "English Premier League 2023/24" -> "English Premier League"; "China | Super League 2025" -> "Super League". */
export function competitionName(fileName: string): string {
  const withoutSeason = fileName.replace(/\s+\d{4}(?:\/\d{2,4})?\s*$/, '').trim();
  const parts = withoutSeason.split('|');
  return (parts[parts.length - 1] ?? withoutSeason).trim() || withoutSeason;
}
