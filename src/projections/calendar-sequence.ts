import { raiseCalendarSequences } from '../storage/repositories/match-calendar.repository.js';
import { idsWhere, type Projection } from './written.js';

/**
 * The calendar feeds' SEQUENCE of each match (storage/repositories/match-calendar.repository.ts): every
 * match a writer inserted or updated, ingestion's runner and a live update alike, is compared, in the
 * writes' transaction, with what its sequence was last raised for. A match's time, venue or status can
 * change only through a write this sees, so a sequence rises exactly when one of them did.
 */
export const calendarSequenceProjection: Projection = {
  name: 'calendar sequence',
  async project({ db }, { tables }) {
    return { rows: await raiseCalendarSequences(db, idsWhere(tables.matches, 'inserted', 'updated')) };
  },
};
