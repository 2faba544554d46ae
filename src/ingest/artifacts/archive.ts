import { gunzipSync } from 'node:zlib';
import { Parser } from 'tar';
import { unzipSync } from 'fflate';
import { IngestError } from '../ingest-error.js';

export interface ArchiveEntry {
  path: string;
  bytes: Buffer;
}

export function isGzip(bytes: Buffer): boolean {
  return bytes.length > 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
}

export function isZip(bytes: Buffer): boolean {
  return bytes.length > 4 && bytes.readUInt32LE(0) === 0x04034b50;
}

async function readTar(tarBytes: Buffer): Promise<ArchiveEntry[]> {
  const entries: ArchiveEntry[] = [];
  await new Promise<void>((resolve, reject) => {
    const parser = new Parser({
      strict: true,
      onReadEntry: (entry) => {
        if (entry.type !== 'File') {
          entry.resume();
          return;
        }
        const chunks: Buffer[] = [];
        entry.on('data', (chunk: Buffer) => chunks.push(chunk));
        entry.on('end', () => entries.push({ path: entry.path, bytes: Buffer.concat(chunks) }));
      },
    });
    parser.on('error', reject);
    parser.on('end', () => resolve());
    parser.end(tarBytes);
  });
  return entries;
}

/** Lists the files of a .tar.gz or .zip archive held in memory. */
export async function readArchive(bytes: Buffer, label: string): Promise<ArchiveEntry[]> {
  try {
    if (isZip(bytes)) {
      return Object.entries(unzipSync(new Uint8Array(bytes)))
        .filter(([path]) => !path.endsWith('/'))
        .map(([path, data]) => ({ path, bytes: Buffer.from(data) }));
    }
    if (isGzip(bytes)) return await readTar(gunzipSync(bytes));
  } catch (error) {
    throw new IngestError(`${label}: unreadable archive (${(error as Error).message})`);
  }
  throw new IngestError(`${label}: not a .tar.gz or .zip archive`);
}
