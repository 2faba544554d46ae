import { readArtifact } from '../artifacts/read-artifact.js';
import type { LoadedSource, SourceOptions } from '../source.js';
import { readFeedDocuments } from './documents.js';
import { normalizeFeed } from './normalize.js';
import { lookUpStored } from './stored-lookup.js';
import { noStoredRecords, type StoredRecords } from './stored-records.js';

/**
 * The operator's own feed (docs/feed.md): JSON documents of competitions, seasons, teams and fixtures.
 * `--from` is one document (a file, `-` for standard input, or a URL), or a folder or archive of them. A
 * document that is not a feed fails the run here, before anything is read from storage.
 */
export async function loadFeed(options: SourceOptions): Promise<LoadedSource> {
  const artifact = await readArtifact(options.from);
  const documents = readFeedDocuments(artifact.files);
  let stored: StoredRecords = noStoredRecords();
  return {
    artifacts: [artifact],
    readStored: async (db) => {
      stored = await lookUpStored(db, documents);
    },
    normalize: ({ stored: aliases, now, onFile }) => normalizeFeed(documents, stored, aliases, now, onFile),
  };
}
