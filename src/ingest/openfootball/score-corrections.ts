/**
 * Scores an openfootball file gives wrongly, corrected to the published result: read from
 * data/corrections/openfootball-scores.json. A correction names the file, the match (its date and the two
 * names exactly as the file writes them), the stage, the score the file gives and the score it should
 * give, with a public reference. It applies only while the file still gives the wrong score: once
 * openfootball fixes the file (or changes it any other way), the file's own score is kept and the run
 * notes that the correction no longer applies, so a stale correction never overrides new data.
 *
 * Why corrections and not rejection: the score check (score-check.ts) rejects a match whose stages
 * cannot all be true, which keeps the breakdown from contradicting itself, but it loses a real match
 * whose other stages are right. Where the published record settles what the file got wrong, the match is
 * kept with the published score instead.
 */
import { Type, type Static } from '@sinclair/typebox';
import { readDataFile, type PublishedDataSchema } from '../../text/data-file.js';
import type { Pair, RawMatch } from './match-record.js';

export const SCORE_CORRECTIONS_FILE = 'corrections/openfootball-scores.json';

const PairSchema = Type.Array(Type.Integer({ minimum: 0 }), {
  minItems: 2,
  maxItems: 2,
  description: '[team1, team2], as openfootball writes a score.',
});

const ScoreCorrectionSchema = Type.Object(
  {
    file: Type.String({
      pattern: '^[0-9]{4}(-[0-9]{2})?/[a-z]+(\\.[a-z0-9]+)?\\.json$',
      description: 'The file within the football.json artifact: "2024-25/uefa.cl.json".',
    }),
    date: Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$', description: 'As the file writes it.' }),
    team1: Type.String({ minLength: 1, description: 'As the file writes it.' }),
    team2: Type.String({ minLength: 1, description: 'As the file writes it.' }),
    stage: Type.Union([Type.Literal('ht'), Type.Literal('ft'), Type.Literal('et'), Type.Literal('p')]),
    was: PairSchema,
    is: PairSchema,
    reason: Type.String({ minLength: 1 }),
    reference: Type.String({ minLength: 1, description: 'Public reference of the published score (a URL).' }),
  },
  { additionalProperties: false },
);

const ScoreCorrectionsFileSchema = Type.Object(
  { $schema: Type.Optional(Type.String()), corrections: Type.Array(ScoreCorrectionSchema) },
  { additionalProperties: false },
);

export type ScoreCorrection = Static<typeof ScoreCorrectionSchema>;

export const SCORE_CORRECTIONS_SCHEMA: PublishedDataSchema = {
  file: `data/${SCORE_CORRECTIONS_FILE.replace(/\.json$/, '.schema.json')}`,
  schema: ScoreCorrectionsFileSchema,
  title: 'Touchline corrections of openfootball scores',
  description:
    'Scores an openfootball football.json file gives wrongly, with the published score and its public ' +
    'reference. Generated from src/ingest/openfootball/score-corrections.ts.',
};

export const SCORE_CORRECTIONS: readonly Readonly<ScoreCorrection>[] = readDataFile(
  SCORE_CORRECTIONS_FILE,
  ScoreCorrectionsFileSchema,
).corrections as readonly Readonly<ScoreCorrection>[];

const samePair = (a: Pair | null, b: readonly number[]) => a !== null && a[0] === b[0] && a[1] === b[1];

/**
 * `matches` (a file's parsed entries, null where rejected) with `corrections` applied to the file at
 * `path` (relative to the artifact, "2024-25/uefa.cl.json"): a corrected entry is a copy, the others
 * are the same objects. Returns a note per correction applied and per correction that no longer applies.
 */
export function correctScores(
  path: string,
  matches: readonly (RawMatch | null)[],
  corrections: readonly Readonly<ScoreCorrection>[] = SCORE_CORRECTIONS,
): { matches: (RawMatch | null)[]; notes: string[] } {
  const out = [...matches];
  const notes: string[] = [];
  for (const c of corrections) {
    if (c.file !== path) continue;
    const index = out.findIndex((m) => m?.date === c.date && m.team1 === c.team1 && m.team2 === c.team2);
    const match = index === -1 ? null : out[index]!;
    const named = `${c.date} ${c.team1} v ${c.team2}`;
    if (!match || !samePair(match.score[c.stage], c.was)) {
      notes.push(
        `${path}: the correction of ${named} (${c.stage}) no longer applies: the file's score is kept`,
      );
      continue;
    }
    out[index] = { ...match, score: { ...match.score, [c.stage]: [c.is[0]!, c.is[1]!] } };
    notes.push(
      `${path}: ${named}: ${c.stage} ${c.was.join('-')} corrected to ${c.is.join('-')} (${c.reference})`,
    );
  }
  return { matches: out, notes };
}
