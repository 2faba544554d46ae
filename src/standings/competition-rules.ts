/**
 * Points and tiebreakers of each stored competition, by era, read from data/standings/competition-rules.json
 * (types and schema in table-rules.ts; what a computed table can and cannot show in
 * docs/standings-rules.md).
 *
 * Each era names the public page its rules were taken from, and its `notes` say what was checked against
 * another page or could not be. Criteria that results cannot show (fair play, disciplinary points,
 * coefficients, drawing of lots, play-offs, coin tosses) are in `finally`, and so is every criterion that
 * comes after one of them, since it can only apply once that one is settled. Leagues that split after a
 * first phase carry the split in their era's rules (TableSplit). Not in the file, on purpose: cups and
 * qualification play-offs (de.cup, at.cup, fifa.wc.quali), which have no tables, and ma.1 (Botola Pro),
 * whose rules could not be checked; they get the default rules with `known: false`.
 *
 * Season keys compare by their starting year: "2023-24" is 2023, "1994" is 1994.
 */
import { Type } from '@sinclair/typebox';
import { readDataFile, type PublishedDataSchema } from '../text/data-file.js';
import {
  CompetitionRulesSchema,
  TableRulesSchema,
  type CompetitionRules,
  type TableRules,
} from './table-rules.js';

export const COMPETITION_RULES_FILE = 'standings/competition-rules.json';

const RulesFileSchema = Type.Object(
  {
    $schema: Type.Optional(Type.String()),
    defaultRules: TableRulesSchema,
    competitions: Type.Array(CompetitionRulesSchema),
  },
  { additionalProperties: false },
);

export const COMPETITION_RULES_SCHEMA: PublishedDataSchema = {
  file: `data/${COMPETITION_RULES_FILE.replace(/\.json$/, '.schema.json')}`,
  schema: RulesFileSchema,
  title: 'Touchline competition rules',
  description:
    'Points per result and tiebreakers of each competition, by era, with the public reference of each; ' +
    'a league that splits after a first phase carries its split. Generated from src/standings/table-rules.ts.',
};

const FILE = readDataFile(COMPETITION_RULES_FILE, RulesFileSchema);

/**
 * Rules of a competition the file does not know (or a season outside its known eras): 3 points for a
 * win, 1 for a draw, then goal difference and goals scored. The API says when a table was ranked by
 * them (`rulesFor` answers `known: false`). Documented in docs/standings-rules.md, "Default rules".
 */
export const DEFAULT_RULES: TableRules = FILE.defaultRules;

/** Every competition with known rules. */
export const COMPETITION_RULES: readonly CompetitionRules[] = FILE.competitions;

/** The starting year of a season key ("2023-24" is 2023, "1994" is 1994); NaN when it has none. */
export function startYear(season: string): number {
  return /^\d{4}/.test(season) ? Number.parseInt(season.slice(0, 4), 10) : Number.NaN;
}

const BY_COMPETITION = new Map(COMPETITION_RULES.map((entry) => [entry.competition, entry]));

/**
 * The rules a competition's table uses in a season: the era whose `from` and `until` (inclusive, by
 * starting year) contain the season. A competition without known rules, or a season outside every era
 * of it, gets DEFAULT_RULES with `known: false`, which the API reports.
 */
export function rulesFor(competition: string, season: string): { rules: TableRules; known: boolean } {
  const year = startYear(season);
  const entry = BY_COMPETITION.get(competition);
  if (entry === undefined || Number.isNaN(year)) return { rules: DEFAULT_RULES, known: false };
  for (const era of entry.eras) {
    const from = era.from === undefined ? -Infinity : startYear(era.from);
    const until = era.until === undefined ? Infinity : startYear(era.until);
    if (year >= from && year <= until) return { rules: era.rules, known: true };
  }
  return { rules: DEFAULT_RULES, known: false };
}
