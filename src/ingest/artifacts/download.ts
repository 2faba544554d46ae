import { IngestError } from '../ingest-error.js';

const TIMEOUT_MS = 60_000;
const MAX_BYTES = 512 * 1024 * 1024;

/** Fetches a URL into memory, failing with a clear reason rather than hanging or filling the disk. */
export async function download(url: string): Promise<Buffer> {
  let response: Response;
  try {
    response = await fetch(url, { redirect: 'follow', signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const why = cause?.code ?? cause?.message ?? (error as Error).message;
    throw new IngestError(`${url}: could not be retrieved (${why})`);
  }
  if (!response.ok) throw new IngestError(`${url}: could not be retrieved (HTTP ${response.status})`);
  const length = Number(response.headers.get('content-length') ?? 0);
  if (length > MAX_BYTES) throw new IngestError(`${url}: larger than ${MAX_BYTES} bytes`);
  const bytes = Buffer.from(await response.arrayBuffer());
  if (bytes.length > MAX_BYTES) throw new IngestError(`${url}: larger than ${MAX_BYTES} bytes`);
  return bytes;
}
