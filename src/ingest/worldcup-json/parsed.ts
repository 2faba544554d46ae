/** The outcome of reading one value of a worldcup.json record: the value, or why it is unusable. */
export type Parsed<T> = { ok: true; value: T } | { ok: false; reason: string };

export function ok<T>(value: T): Parsed<T> {
  return { ok: true, value };
}

export function fail<T = never>(reason: string): Parsed<T> {
  return { ok: false, reason };
}
