/** How long `ingest` and `refresh` wait for another ingestion to finish (`--wait`). */
export const DEFAULT_LOCK_WAIT = '10m';
export const DEFAULT_LOCK_WAIT_MS = 10 * 60_000;

export function describeWait(ms: number): string {
  return ms % 60_000 === 0 ? `${ms / 60_000} min` : `${Math.round(ms / 1000)} s`;
}
