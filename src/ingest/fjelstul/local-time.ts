const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The zone's offset from UTC at an instant, in milliseconds (historical rules included). */
function offsetAt(utcMs: number, timeZone: string): number {
  const p: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(new Date(utcMs))) {
    if (part.type !== 'literal') p[part.type] = Number(part.value);
  }
  const wall = Date.UTC(
    p.year ?? 0,
    (p.month ?? 1) - 1,
    p.day ?? 1,
    p.hour ?? 0,
    p.minute ?? 0,
    p.second ?? 0,
  );
  return wall - Math.floor(utcMs / 1000) * 1000;
}

const DAY_MS = 86_400_000;

/**
 * The UTC instant (ISO, no milliseconds) of a wall-clock `date` (YYYY-MM-DD) and `time` (H:MM or HH:MM)
 * in `timeZone`, with the zone's rules of that date. Of the offsets in force a day either side, the one
 * that maps back to the same wall time is used; a wall time repeated when clocks go back is its first
 * occurrence, and one skipped when clocks go forward takes the offset in force before the gap.
 */
export function localToUtc(date: string, time: string, timeZone: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  const before = offsetAt(wall - DAY_MS, timeZone);
  const after = offsetAt(wall + DAY_MS, timeZone);
  const valid = [before, after].filter((o) => offsetAt(wall - o, timeZone) === o);
  const offset = valid.length > 0 ? Math.max(...valid) : before;
  return new Date(wall - offset).toISOString().replace('.000Z', 'Z');
}
