/**
 * The parameters of the two rating systems, read from data/ratings/national-elo.json and
 * data/ratings/club-elo.json: every number with the source it was taken from (or, for what was fitted,
 * how). One schema for both files; docs/ratings.md explains them.
 */
import { Type, type Static } from '@sinclair/typebox';
import { readDataFile, type Frozen, type PublishedDataSchema } from '../text/data-file.js';
import { nationalTeam } from '../ingest/identity/national-teams.js';
import type { EloRules } from './elo.js';
import type { OutcomeModel } from './outcome-model.js';

export const RATING_SYSTEMS = ['national', 'club'] as const;
export type RatingSystem = (typeof RATING_SYSTEMS)[number];

const Notes = Type.Array(Type.String({ minLength: 1 }), { description: 'Why, and from where.' });
const Source = Type.String({
  minLength: 1,
  description: 'Where the value was taken from (a URL), or how it was fitted.',
});

const RatingRulesSchema = Type.Object(
  {
    $schema: Type.Optional(Type.String()),
    system: Type.Union([Type.Literal('national'), Type.Literal('club')]),
    method: Type.Object(
      { name: Type.String({ minLength: 1 }), source: Source, notes: Notes },
      { additionalProperties: false },
    ),
    startRating: Type.Object(
      {
        value: Type.Number({ description: 'The first rating of a team new before any `later` entry.' }),
        later: Type.Array(
          Type.Object(
            {
              from: Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' }),
              value: Type.Number(),
            },
            { additionalProperties: false },
          ),
          {
            description: 'The first rating of a team whose first match is on or after `from`, in date order.',
          },
        ),
        source: Source,
      },
      { additionalProperties: false },
    ),
    homeAdvantage: Type.Object(
      {
        value: Type.Number({ minimum: 0 }),
        unknownGround: Type.Union([Type.Literal('home'), Type.Literal('neutral')], {
          description: 'How a match is taken whose source does not say whether the ground was neutral.',
        }),
        source: Source,
      },
      { additionalProperties: false },
    ),
    scale: Type.Object(
      { value: Type.Number({ exclusiveMinimum: 0 }), source: Source },
      { additionalProperties: false },
    ),
    margin: Type.Object(
      {
        multipliers: Type.Array(Type.Number({ minimum: 1 }), {
          minItems: 2,
          description: 'K is multiplied by the value at the index of the goal difference (0 and 1: 1).',
        }),
        beyondPerGoal: Type.Number({ minimum: 0, description: 'Added per goal past the end of the table.' }),
        source: Source,
      },
      { additionalProperties: false },
    ),
    importance: Type.Object(
      {
        classes: Type.Array(
          Type.Object(
            {
              name: Type.String({ minLength: 1, description: 'The class as the source names it.' }),
              k: Type.Number({ exclusiveMinimum: 0 }),
              competitions: Type.Array(Type.String({ minLength: 1 }), {
                description: 'Competition codes (as stored) of the class.',
              }),
            },
            { additionalProperties: false },
          ),
        ),
        otherwise: Type.Object(
          { name: Type.String({ minLength: 1 }), k: Type.Number({ exclusiveMinimum: 0 }) },
          { additionalProperties: false, description: 'The class of a competition no class lists.' },
        ),
        source: Source,
        notes: Notes,
      },
      { additionalProperties: false },
    ),
    successors: Type.Array(
      Type.Object(
        {
          team: Type.String({ minLength: 1, description: 'The national-team code of the successor.' }),
          predecessor: Type.String({ minLength: 1 }),
          note: Type.String({ minLength: 1 }),
        },
        { additionalProperties: false },
      ),
      { description: 'A successor starts from its predecessor’s rating and match count.' },
    ),
    meaningfulFrom: Type.Union([Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' }), Type.Null()], {
      description: 'From when the ratings have settled enough to be read; null: from the first match.',
    }),
    provisionalBelow: Type.Integer({
      minimum: 0,
      description: 'A team with fewer rated matches has a provisional rating.',
    }),
    outcomeModel: Type.Object(
      {
        kind: Type.Literal('ordered-logit'),
        slope: Type.Number({ description: 'Per 400 rating points of difference (home advantage included).' }),
        awayCut: Type.Number({ description: 'P(away win) = σ(awayCut − slope·d)' }),
        drawCut: Type.Number({ description: 'P(away win or draw) = σ(drawCut − slope·d)' }),
        fitted: Type.String({ minLength: 1, description: 'On which matches and how the model was fitted.' }),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);

type RatingRulesFile = Frozen<Static<typeof RatingRulesSchema>>;

export const RATING_RULES_SCHEMA: PublishedDataSchema = {
  file: 'data/ratings/rating-rules.schema.json',
  schema: RatingRulesSchema,
  title: 'Touchline rating rules',
  description:
    'The parameters of one rating system (national teams or clubs): Elo start, home advantage, scale, margin ' +
    'multipliers, K by match importance, successor states, and the fitted outcome model, each with its ' +
    'source. Generated from src/ratings/rating-rules.ts.',
};

/** One system's rules as the code uses them. */
export interface RatingRules {
  system: RatingSystem;
  elo: EloRules;
  /** K and class name of a competition code. */
  importanceOf(code: string): { name: string; k: number };
  classNames: readonly string[];
  outcome: OutcomeModel;
  /** Whether a match whose source does not say is played at the home side's ground. */
  unknownGroundIsHome: boolean;
  meaningfulFrom: string | null;
  provisionalBelow: number;
  file: RatingRulesFile;
}

/** The rules of a file's contents (also for tests, with made-up values). */
export function ratingRulesOf(file: RatingRulesFile): RatingRules {
  const byCode = new Map<string, { name: string; k: number }>();
  for (const c of file.importance.classes) {
    for (const code of c.competitions) {
      if (byCode.has(code)) throw new Error(`rating rules (${file.system}): ${code} is in two classes`);
      byCode.set(code, { name: c.name, k: c.k });
    }
  }
  const otherwise = { name: file.importance.otherwise.name, k: file.importance.otherwise.k };
  const predecessors = new Map<string, string>();
  for (const s of file.successors) {
    const team = nationalTeam(s.team, false);
    const predecessor = nationalTeam(s.predecessor, false);
    if (!team || !predecessor)
      throw new Error(`rating rules: unknown national team ${s.team} or ${s.predecessor}`);
    predecessors.set(team.teamId, predecessor.teamId);
  }
  return {
    system: file.system,
    elo: {
      startRatings: [
        { from: '', rating: file.startRating.value },
        ...file.startRating.later.map((l) => ({ from: l.from, rating: l.value })),
      ],
      homeAdvantage: file.homeAdvantage.value,
      scale: file.scale.value,
      marginMultipliers: file.margin.multipliers,
      beyondPerGoal: file.margin.beyondPerGoal,
      predecessors,
    },
    importanceOf: (code) => byCode.get(code) ?? otherwise,
    classNames: [...file.importance.classes.map((c) => c.name), otherwise.name],
    outcome: file.outcomeModel,
    unknownGroundIsHome: file.homeAdvantage.unknownGround === 'home',
    meaningfulFrom: file.meaningfulFrom,
    provisionalBelow: file.provisionalBelow,
    file,
  };
}

export const NATIONAL_RULES: RatingRules = ratingRulesOf(
  readDataFile('ratings/national-elo.json', RatingRulesSchema),
);
export const CLUB_RULES: RatingRules = ratingRulesOf(
  readDataFile('ratings/club-elo.json', RatingRulesSchema),
);

export const RULES_OF: Readonly<Record<RatingSystem, RatingRules>> = {
  national: NATIONAL_RULES,
  club: CLUB_RULES,
};
