/** A problem that fails the whole run: nothing is written and the CLI exits non-zero with this message. */
export class IngestError extends Error {
  override readonly name = 'IngestError';
}
