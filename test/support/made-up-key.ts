/**
 * A key of `key`'s shape (prefix and length) that is not it: its last character changed, never to
 * itself. Appending 'x' in place of the last character made the key itself once in 57 random keys.
 */
export function madeUpKey(key: string): string {
  return `${key.slice(0, -1)}${key.endsWith('x') ? 'y' : 'x'}`;
}
