import { CADENCE, EDITION_NAMES, EDITION_RANGES, SECOND_EDITIONS } from './editions.js';
import type { SeasonCut } from './tournaments.js';

/** A season's key (its ID derives from it, with the competition's code) and the name served. */
export interface SeasonKey {
  key: string;
  name: string;
}

/** A match as the season rules see it. */
export interface Dated {
  competition: { code: string; seasons: SeasonCut };
  date: string;
}

/** Matches more than this many days apart are different editions of an `edition` competition. */
const EDITION_GAP_DAYS = 60;
const DAY_MS = 86_400_000;
const QUALIFICATION = /\.quali$/;

/** One object per year: 50,000 matches ask for a few hundred seasons. */
const YEARS = new Map<string, SeasonKey>();
function yearKey(date: string): SeasonKey {
  const year = date.slice(0, 4);
  let season = YEARS.get(year);
  if (!season) YEARS.set(year, (season = { key: year, name: year }));
  return season;
}

/** August to July: "1950-51", named "1950/51" as two-year seasons are everywhere else. */
function splitYear(date: string): SeasonKey {
  const year = Number(date.slice(0, 4));
  const first = Number(date.slice(5, 7)) >= 8 ? year : year - 1;
  const second = String((first + 1) % 100).padStart(2, '0');
  return { key: `${first}-${second}`, name: `${first}/${second}` };
}

const named = (key: string): SeasonKey => ({ key, name: key.replace('-', '/') });

function days(from: string, to: string): number {
  return (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS;
}

/**
 * Cuts each competition's matches into seasons (docs/sources.md, "Seasons"): by calendar year, by edition,
 * by August-July season, by curated date ranges, or, for a qualification, by the edition of the
 * competition it qualifies for. Editions and cycles depend on every match of the competition (or of its
 * parent), so the cutter is built from all of the run's matches before any season is asked for.
 */
export class SeasonCutter {
  private readonly datesOf = new Map<string, Set<string>>();
  private readonly cutOf = new Map<string, SeasonCut>();
  private readonly editions = new Map<string, Map<string, SeasonKey>>();
  private readonly cycles = new Map<string, Array<{ start: string; season: SeasonKey }>>();
  /** Qualifier code + date -> season: qualifiers share dates. */
  private readonly qualifiers = new Map<string, SeasonKey>();

  constructor(matches: Iterable<Dated>) {
    for (const { competition, date } of matches) {
      const dates = this.datesOf.get(competition.code) ?? new Set<string>();
      dates.add(date);
      this.datesOf.set(competition.code, dates);
      this.cutOf.set(competition.code, competition.seasons);
    }
  }

  seasonOf(code: string, cut: SeasonCut, date: string): SeasonKey {
    switch (cut) {
      case 'year':
        return yearKey(date);
      case 'season':
        return splitYear(date);
      case 'ranges':
        return this.ranged(code, date);
      case 'edition':
        return this.editionsOf(code).get(date) ?? yearKey(date);
      case 'cycle': {
        const memo = `${code}\u0000${date}`;
        let season = this.qualifiers.get(memo);
        if (!season) this.qualifiers.set(memo, (season = this.cycle(code, date)));
        return season;
      }
    }
  }

  private ranged(code: string, date: string): SeasonKey {
    const range = EDITION_RANGES[code]?.find(([, from, to]) => from <= date && date <= to);
    return range ? named(range[0]) : splitYear(date);
  }

  /** Date -> season of an `edition` competition: runs of matches with no gap over 60 days. */
  private editionsOf(code: string): Map<string, SeasonKey> {
    let byDate = this.editions.get(code);
    if (byDate) return byDate;
    byDate = new Map();
    let season: SeasonKey = { key: '', name: '' };
    let previous: string | undefined;
    for (const date of [...(this.datesOf.get(code) ?? [])].sort()) {
      if (previous === undefined || days(previous, date) > EDITION_GAP_DAYS) {
        const year = date.slice(0, 4);
        const second = SECOND_EDITIONS[code]?.[date];
        const key = EDITION_NAMES[code]?.[year] ?? year;
        season = second ? { key: second[0], name: second[1] } : { key, name: key };
      }
      byDate.set(date, season);
      previous = date;
    }
    this.editions.set(code, byDate);
    return byDate;
  }

  /**
   * A qualifier's season: the first edition of the competition it qualifies for (its code without
   * `.quali`) that starts on or after the match. After the newest edition in the data, the next one by the
   * competition's cadence (a 2025 Asian Cup qualifier leads to 2027); without a cadence, or without the
   * parent competition in the data, the match's year.
   */
  private cycle(code: string, date: string): SeasonKey {
    const parent = code.replace(QUALIFICATION, '');
    const editions = this.parentEditions(parent);
    const next = editions.find((e) => e.start >= date);
    if (next) return next.season;
    const last = editions.at(-1);
    const cadence = CADENCE[parent];
    if (last && cadence && /^\d{4}$/.test(last.season.key)) {
      const key = String(Number(last.season.key) + cadence);
      return { key, name: key };
    }
    return yearKey(date);
  }

  private parentEditions(parent: string): Array<{ start: string; season: SeasonKey }> {
    let editions = this.cycles.get(parent);
    if (editions) return editions;
    const cut = this.cutOf.get(parent);
    const starts = new Map<string, { start: string; season: SeasonKey }>();
    if (cut !== undefined && cut !== 'cycle') {
      for (const date of [...(this.datesOf.get(parent) ?? [])].sort()) {
        const season = this.seasonOf(parent, cut, date);
        if (!starts.has(season.key)) starts.set(season.key, { start: date, season });
      }
    }
    editions = [...starts.values()].sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
    this.cycles.set(parent, editions);
    return editions;
  }
}
