import { eachRow, RowError, type Sheet } from './csv-sheet.js';
import type { EventLog } from './event-log.js';
import { eventTime, type EventTime } from './event-time.js';
import type { Matches } from './matches.js';
import type { Players } from './players.js';

interface Half {
  key: string;
  playerId: string;
}

interface Slot {
  matchId: string;
  teamId: string;
  time: EventTime;
  off: Half[];
  on: Half[];
}

/**
 * Substitutions. The database has one row per player, going off or coming on. Rows of one team at one
 * minute are paired in file order (the first player off with the first player on, ...) into one
 * substitution event: player = the player coming on, related player = the player going off, named by the
 * coming-on row's key. A row left without a partner (the source's two rows disagree on the minute) is an
 * event of its own with the other player null and a detail saying which is missing. Returns how many.
 */
export function loadSubstitutions(
  sheet: Sheet,
  matches: Matches,
  players: Players,
  log: EventLog,
  credit: (id: string) => void,
): number {
  const slots = new Map<string, Slot>();
  eachRow(sheet, (row) => {
    const match = matches.ref(row);
    const teamId = matches.side(match, row);
    const time = eventTime(row);
    const off = row.flag('going_off');
    if (off === row.flag('coming_on')) throw new RowError('going_off and coming_on must differ');
    const half = { key: row.required('substitution_id'), playerId: players.resolve(row) };
    const slotKey = `${match.id}|${teamId}|${time.period}|${time.minute}|${time.stoppage ?? 0}`;
    let slot = slots.get(slotKey);
    if (!slot) slots.set(slotKey, (slot = { matchId: match.id, teamId, time, off: [], on: [] }));
    (off ? slot.off : slot.on).push(half);
  });

  let unpaired = 0;
  for (const slot of slots.values()) {
    const pairs = Math.max(slot.off.length, slot.on.length);
    for (let i = 0; i < pairs; i += 1) {
      const on = slot.on[i];
      const off = slot.off[i];
      if (!on || !off) unpaired += 1;
      credit(
        log.add({
          matchId: slot.matchId,
          kind: 'substitution',
          key: (on ?? off)!.key,
          type: 'substitution',
          ...slot.time,
          teamId: slot.teamId,
          playerId: on?.playerId ?? null,
          relatedPlayerId: off?.playerId ?? null,
          detail: on && off ? null : on ? 'player going off not recorded' : 'player coming on not recorded',
        }),
      );
    }
  }
  return unpaired;
}
