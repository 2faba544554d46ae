import { Unzip, UnzipInflate, type UnzipFile } from 'fflate';
import { entryPath, type ArchiveEntry } from './archive-entry.js';
import { FEED_BYTES, type InflateBudget } from './inflate-budget.js';

/**
 * Lists the files of a .zip, read entry by entry from the local headers as fflate's streaming Unzip finds
 * them and inflated piece by piece within `budget`; directories are skipped. The first problem (a limit, a
 * bad entry name, a corrupt entry) stops the reading and is thrown.
 */
export function readZip(bytes: Buffer, label: string, budget: InflateBudget): ArchiveEntry[] {
  const entries: ArchiveEntry[] = [];
  let failure: Error | undefined;

  const onFile = (file: UnzipFile) => {
    if (failure || file.name.endsWith('/')) return;
    const path = entryPath(file.name, label);
    const chunks: Uint8Array[] = [];
    file.ondata = (error, data, final) => {
      if (failure) return;
      if (error) {
        failure = error;
        return;
      }
      try {
        budget.inflate(data.length);
      } catch (limit) {
        failure = limit as Error;
        return;
      }
      chunks.push(data);
      if (final) entries.push({ path, bytes: Buffer.concat(chunks) });
    };
    file.start();
  };

  const unzip = new Unzip(onFile);
  unzip.register(UnzipInflate);
  for (let at = 0; at < bytes.length && !failure; at += FEED_BYTES) {
    const slice = bytes.subarray(at, at + FEED_BYTES);
    budget.read(slice.length);
    try {
      unzip.push(slice, at + FEED_BYTES >= bytes.length);
    } catch (error) {
      // fflate reports an unknown compression method to ondata and then throws a less telling error.
      throw failure ?? error;
    }
  }
  if (failure) throw failure;
  return entries;
}
