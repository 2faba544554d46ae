import { IngestError } from '../ingest-error.js';
import type { ArchiveEntry } from './archive-entry.js';
import { ARCHIVE_LIMITS, InflateBudget, type InflateLimits } from './inflate-budget.js';
import { readTarGz } from './tar-gz.js';
import { readZip } from './zip.js';

export function isGzip(bytes: Buffer): boolean {
  return bytes.length > 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
}

export function isZip(bytes: Buffer): boolean {
  return bytes.length > 4 && bytes.readUInt32LE(0) === 0x04034b50;
}

/**
 * Lists the files of a .tar.gz or .zip archive held in memory. Entries are inflated as a stream and
 * counted as they come out: an archive passing `limits` is refused with an IngestError saying which
 * limit, after at most a few MB of output for a decompression bomb.
 */
export async function readArchive(
  bytes: Buffer,
  label: string,
  limits: Readonly<InflateLimits> = ARCHIVE_LIMITS,
): Promise<ArchiveEntry[]> {
  const budget = new InflateBudget(label, limits);
  try {
    if (isZip(bytes)) return readZip(bytes, label, budget);
    if (isGzip(bytes)) return await readTarGz(bytes, label, budget);
  } catch (error) {
    if (error instanceof IngestError) throw error;
    throw new IngestError(`${label}: unreadable archive (${(error as Error).message})`);
  }
  throw new IngestError(`${label}: not a .tar.gz or .zip archive`);
}
