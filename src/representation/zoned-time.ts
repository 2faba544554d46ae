/**
 * Instants shown in an IANA time zone, and a zone's local days as instants: what `tz` and `date` ask for
 * (docs/api.md, "Time zones"). Every offset comes from Intl (ICU's copy of the tz database, updated with
 * Node), never from rules of our own.
 */

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The zone's formatter of offsets ("GMT+05:45", "GMT-00:44:30"), one per zone: a zone is a name Intl
 * resolved (canonicalTimeZone), so there are as many as the tz database has zones, no more.
 */
function offsetFormat(zone: string): Intl.DateTimeFormat {
  let format = offsetFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' });
    offsetFormats.set(zone, format);
  }
  return format;
}

// The formatted text ends with the offset's name: "1/15/2024, GMT+01:00"; "GMT" alone is +00:00.
const OFFSET = /GMT(?:([+-])(\d\d):(\d\d)(?::(\d\d))?)?$/;

/**
 * The zone's offset from UTC at an instant, in milliseconds, to the second: local mean time before a zone
 * took standard time has seconds (Africa/Monrovia was -00:44:30 until 1972). Read from the offset Intl
 * names, which, unlike the local date and time it formats, is the same for every year; from format(),
 * half the cost of formatToParts.
 */
export function zoneOffsetMs(instantMs: number, zone: string): number {
  const text = offsetFormat(zone).format(instantMs);
  const m = OFFSET.exec(text);
  if (!m) throw new Error(`unreadable offset ${JSON.stringify(text)} of ${zone}`);
  if (!m[1]) return 0;
  const ms = ((Number(m[2]) * 60 + Number(m[3])) * 60 + Number(m[4] ?? 0)) * 1000;
  return m[1] === '-' ? -ms : ms;
}

const NAME = /^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/;

const canonicalNames = new Map<string, string | null>();

/**
 * The zone a `tz` value names, as Intl resolves it (aliases and any case: US/Eastern and
 * america/new_york are America/New_York; Etc/UTC and GMT are UTC), or undefined for a name that is no
 * IANA zone. Intl's offset zones ("+05:30") are refused: they are not zones and have no daylight-saving
 * rules. Remembered per spelling, up to a bound, since the answer never changes.
 */
export function canonicalTimeZone(name: string): string | undefined {
  let zone = canonicalNames.get(name);
  if (zone === undefined) {
    zone = null;
    if (NAME.test(name)) {
      try {
        zone = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
      } catch {
        zone = null;
      }
    }
    if (canonicalNames.size >= 10_000) canonicalNames.clear();
    canonicalNames.set(name, zone);
  }
  return zone ?? undefined;
}

/** ±HH:MM of an offset in whole minutes: RFC 3339 offsets have no seconds. */
function offsetText(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return `${sign}${hh}:${mm}`;
}

const STORED_INSTANT = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(\.\d+)?Z$/;

/**
 * A stored instant (`2026-06-11T19:00:00Z`) as the same instant in `zone`: its local date and time and
 * the offset in force then (`2026-06-11T13:00:00-06:00`). An offset with seconds is rounded to the minute,
 * the local time with it, so the text still names the instant exactly. Text of another form is returned
 * as it is.
 */
export function instantInZone(instant: string, zone: string): string {
  const m = STORED_INSTANT.exec(instant);
  if (!m) return instant;
  const ms = Date.parse(`${m[1]}Z`);
  const minutes = Math.round(zoneOffsetMs(ms, zone) / MINUTE_MS);
  const local = new Date(ms + minutes * MINUTE_MS).toISOString().slice(0, 19);
  return `${local}${m[2] ?? ''}${offsetText(minutes)}`;
}

const YEAR_10000 = Date.parse('+010000-01-01T00:00:00Z');

/**
 * The instant as stored (whole seconds, `Z`), for comparing with stored text. Past year 9999, where ISO
 * text turns to "+010000-…" and sorts first, the end of year 9999's last day: "…T24:00:00Z" sorts after
 * every instant of it. (Before year 0, "-000001-…" sorts first, as it should.)
 */
function storedSpelling(ms: number): string {
  if (ms >= YEAR_10000) return '9999-12-31T24:00:00Z';
  return new Date(ms).toISOString().replace('.000Z', 'Z');
}

/**
 * The first instant of a local day (YYYY-MM-DD) in `zone`, in milliseconds: its midnight, or, where the
 * clocks skip midnight (a spring-forward at 00:00), the moment they jump. Where midnight comes twice (a
 * fall-back over it), the first. A day the zone skipped whole (Pacific/Apia, 2011-12-30) starts and ends
 * at the same instant. Offsets a day either side cover both sides of any one transition near midnight.
 */
export function dayStartMs(date: string, zone: string): number {
  const midnight = Date.parse(`${date}T00:00:00Z`);
  const before = zoneOffsetMs(midnight - DAY_MS, zone);
  const after = zoneOffsetMs(midnight + DAY_MS, zone);
  const starts = [before, after]
    .map((o) => midnight - o)
    .filter((t) => zoneOffsetMs(t, zone) === midnight - t);
  if (starts.length > 0) return Math.min(...starts);
  // Midnight was skipped: the day starts at the transition, between reading midnight with the offset
  // after it and with the one before it. Searched to the second (transitions fall on whole seconds).
  let early = Math.floor((midnight - after) / 1000);
  let late = Math.ceil((midnight - before) / 1000);
  while (late - early > 1) {
    const mid = Math.floor((early + late) / 2);
    if (zoneOffsetMs(mid * 1000, zone) === before) early = mid;
    else late = mid;
  }
  return late * 1000;
}

/** The day after a YYYY-MM-DD date. */
function nextDate(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
}

/** A local day as the instants it runs between, spelled as stored instants are: [from, before). */
export interface DayWindow {
  from: string;
  before: string;
}

/** The local day `date` in `zone`: 23 or 25 hours long on a daylight-saving day, 24 otherwise. */
export function dayWindow(date: string, zone: string): DayWindow {
  return {
    from: storedSpelling(dayStartMs(date, zone)),
    before: storedSpelling(dayStartMs(nextDate(date), zone)),
  };
}

/**
 * A date-only kick-off (stored as `YYYY-MM-DDT00:00:00Z`) in `zone`: the same date at 00:00:00 with the
 * offset that makes it that day's first instant in the zone (the offset at midnight; before the jump
 * where the clocks skip midnight), so that it reads as its date in every zone, where it is listed too.
 */
export function dateInZone(stored: string, zone: string): string {
  const date = stored.slice(0, 10);
  const midnight = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(midnight) || !stored.startsWith(`${date}T`)) return stored;
  const minutes = Math.round((midnight - dayStartMs(date, zone)) / MINUTE_MS);
  return `${date}T00:00:00${offsetText(minutes)}`;
}
