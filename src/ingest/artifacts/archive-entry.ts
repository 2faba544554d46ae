import { IngestError } from '../ingest-error.js';

export interface ArchiveEntry {
  path: string;
  bytes: Buffer;
}

/**
 * An entry's path as the archive names it. Entries are never written to disk, but a name reaching out of
 * the archive (`../x`, `/etc/x`, `C:\x`) is not something a source repository's archive holds: the
 * archive is refused rather than its files given names that point elsewhere.
 */
export function entryPath(name: string, label: string): string {
  const escapes =
    /^[/\\]/.test(name) || /^[a-z]:/i.test(name) || name.split(/[/\\]/).some((part) => part === '..');
  if (escapes) throw new IngestError(`${label}: archive refused: entry "${name}" points outside the archive`);
  return name;
}
