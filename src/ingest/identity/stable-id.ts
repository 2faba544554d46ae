import { hash } from 'node:crypto';
import type { IdPrefix } from '../../vocabulary/id-prefixes.js';

const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

/**
 * A public ID is a type prefix plus 16 base-32 characters (80 bits) of the SHA-256 of the record's canonical
 * natural key, so the same key always yields the same ID, whatever the import order or database.
 */
export function stableId(prefix: IdPrefix, naturalKey: string): string {
  const digest = hash('sha256', `${prefix}\u0000${naturalKey}`, 'buffer');
  let out = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of digest) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5 && out.length < 16) {
      out += ALPHABET[(buffer >> (bits - 5)) & 31];
      bits -= 5;
    }
    buffer &= (1 << bits) - 1;
    if (out.length === 16) break;
  }
  return `${prefix}_${out}`;
}
