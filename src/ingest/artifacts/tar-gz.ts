import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { Parser, type ReadEntry } from 'tar';
import { IngestError } from '../ingest-error.js';
import { entryPath, type ArchiveEntry } from './archive-entry.js';
import { FEED_BYTES, type InflateBudget } from './inflate-budget.js';

function* slices(bytes: Buffer, budget: InflateBudget): Generator<Buffer> {
  for (let at = 0; at < bytes.length; at += FEED_BYTES) {
    const slice = bytes.subarray(at, at + FEED_BYTES);
    budget.read(slice.length);
    yield slice;
  }
}

/**
 * Reads a tar stream fed in pieces. Files are kept; directories, links and other special entries are
 * skipped (a link is never followed, so nothing outside the archive is read).
 */
class TarReader {
  private readonly entries: ArchiveEntry[] = [];
  private readonly parser: Parser;
  private failure: Error | undefined;
  /** The stream's first bytes until there are two to look at. */
  private head: Buffer | undefined = Buffer.alloc(0);

  constructor(private readonly label: string) {
    // tar would inflate a gzip or zstd stream it is given by itself, past the budget: it gets tar only.
    this.parser = new Parser({ strict: true, zstd: false, brotli: false, onReadEntry: (e) => this.entry(e) });
    this.parser.on('error', (error: Error) => (this.failure ??= error));
  }

  private entry(entry: ReadEntry): void {
    if (entry.type !== 'File') {
      entry.resume();
      return;
    }
    let path: string;
    try {
      path = entryPath(entry.path, this.label);
    } catch (error) {
      this.failure ??= error as Error;
      entry.resume();
      return;
    }
    const chunks: Buffer[] = [];
    entry.on('data', (chunk: Buffer) => chunks.push(chunk));
    entry.on('end', () => this.entries.push({ path, bytes: Buffer.concat(chunks) }));
  }

  write(chunk: Buffer): void {
    if (this.head) {
      this.head = Buffer.concat([this.head, chunk]);
      if (this.head.length < 2) return;
      if (this.head[0] === 0x1f && this.head[1] === 0x8b) {
        throw new IngestError(`${this.label}: archive refused: a gzip stream inside the gzip, not a tar`);
      }
      chunk = this.head;
      this.head = undefined;
    }
    this.parser.write(chunk);
    if (this.failure) throw this.failure;
  }

  end(): Promise<ArchiveEntry[]> {
    return new Promise((resolve, reject) => {
      const settle = () => (this.failure ? reject(this.failure) : resolve(this.entries));
      this.parser.on('error', settle);
      this.parser.on('end', settle);
      if (this.head?.length) this.parser.write(this.head);
      this.parser.end();
    });
  }
}

/** Lists the files of a .tar.gz, inflating it piece by piece within `budget`. */
export async function readTarGz(
  bytes: Buffer,
  label: string,
  budget: InflateBudget,
): Promise<ArchiveEntry[]> {
  const tar = new TarReader(label);
  await pipeline(slices(bytes, budget), createGunzip(), async (inflated: AsyncIterable<Buffer>) => {
    for await (const chunk of inflated) {
      budget.inflate(chunk.length);
      tar.write(chunk);
    }
  });
  return tar.end();
}
