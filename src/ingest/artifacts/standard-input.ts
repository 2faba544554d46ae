import type { Readable } from 'node:stream';
import { IngestError } from '../ingest-error.js';
import { MAX_DOWNLOAD_BYTES } from './download.js';

/** The location that means "read the artifact from standard input" (`touchline ingest feed --from -`). */
export const STANDARD_INPUT = '-';

/**
 * Reads standard input to its end, refused as soon as it passes `maxBytes`: a pipe is as unbounded as a
 * download, so it gets the download's cap (512 MiB) rather than filling memory.
 */
export async function readStandardInput(
  input: Readable = process.stdin,
  maxBytes = MAX_DOWNLOAD_BYTES,
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let bytes = 0;
  for await (const chunk of input as AsyncIterable<Buffer | string>) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    bytes += buffer.length;
    if (bytes > maxBytes) {
      input.destroy();
      const MiB = 1024 * 1024;
      const limit = maxBytes % MiB === 0 ? `${maxBytes / MiB} MiB` : `${maxBytes} bytes`;
      throw new IngestError(`standard input refused: larger than ${limit}`);
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks, bytes);
}
