/**
 * Remembers a pure text function's answers: ingestion folds and keys the same few thousand names and
 * dates for every one of ~100k records. Bounded: when full it starts over rather than grow without end.
 */
export function memoizeText(fn: (text: string) => string, maxEntries = 50_000): (text: string) => string {
  const known = new Map<string, string>();
  return (text) => {
    let value = known.get(text);
    if (value === undefined) {
      value = fn(text);
      if (known.size >= maxEntries) known.clear();
      known.set(text, value);
    }
    return value;
  };
}
