import { SOURCE_NAMES } from './sources.js';
import type { LeaderType } from '../vocabulary/people.js';

/**
 * What each source's timelines record, for the figures counted from them (careers, leader boards): a
 * source that never records cards cannot say a player had none. No source records assists: the
 * Fjelstul database has none, worldcup.json and the international results name scorers only, and a
 * live update's goal names no assisting player (docs/live-updates.md).
 */
const RECORDS: Record<string, readonly LeaderType[]> = {
  [SOURCE_NAMES.feed]: ['goals', 'yellow_cards', 'red_cards'],
  [SOURCE_NAMES.fjelstul]: ['goals', 'yellow_cards', 'red_cards'],
  [SOURCE_NAMES.worldcupJson]: ['goals'],
  [SOURCE_NAMES.internationalResults]: ['goals'],
};

export function sourceRecords(source: string, kind: LeaderType): boolean {
  return RECORDS[source]?.includes(kind) ?? false;
}
