/** The most IDs one update may list in `remove_events` (the live format's limit on its lists). */
export const MAX_LIST = 200;

/** `items` in slices of at most `size`, in order; none for none. */
export function chunked<T>(items: readonly T[], size: number): T[][] {
  const slices: T[][] = [];
  for (let i = 0; i < items.length; i += size) slices.push(items.slice(i, i + size));
  return slices;
}
