/**
 * Points deductions (and additions) that competitions made to their tables, and results they awarded,
 * for the competitions and seasons Touchline stores: read from data/standings/adjustments.json. A
 * computed table adds them to the points its results give.
 *
 * Curated by hand, precision before coverage: every entry was checked against the public report its
 * `reference` names, and its team is written as stored (teams.name) for that competition and season.
 * Deductions that could not be checked are listed under "Known gaps" in docs/standings-rules.md instead.
 * Several sanctions of one season get one entry each, so each keeps its own reason and reference (see
 * docs/standings-rules.md, "Adding an adjustment").
 *
 * No awarded result is listed: every match stored as awarded (source_status 'awarded') already carries
 * the awarded score, except SC Bastia v Olympique Lyonnais (2016-17), whose awarded result kept the 0-0
 * score: two points entries give Lyon the win's points and take Bastia's draw point away.
 */
import { Type } from '@sinclair/typebox';
import { readDataFile, type PublishedDataSchema } from '../text/data-file.js';
import { TableAdjustmentSchema, type TableAdjustment } from './table-rules.js';

export const ADJUSTMENTS_FILE = 'standings/adjustments.json';

const AdjustmentsFileSchema = Type.Object(
  { $schema: Type.Optional(Type.String()), adjustments: Type.Array(TableAdjustmentSchema) },
  { additionalProperties: false },
);

export const ADJUSTMENTS_SCHEMA: PublishedDataSchema = {
  file: `data/${ADJUSTMENTS_FILE.replace(/\.json$/, '.schema.json')}`,
  schema: AdjustmentsFileSchema,
  title: 'Touchline table adjustments',
  description:
    'Points deductions and additions, and awarded results, that competitions made to their tables, each ' +
    'with its reason and public reference. Generated from src/standings/table-rules.ts.',
};

export const TABLE_ADJUSTMENTS: readonly TableAdjustment[] = readDataFile(
  ADJUSTMENTS_FILE,
  AdjustmentsFileSchema,
).adjustments;
