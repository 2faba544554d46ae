import { decodeUtf8, storedTextProblem } from '../artifacts/text.js';
import type { ArtifactFile } from '../canonical.js';
import { IngestError } from '../ingest-error.js';
import { FEED_VERSION, FeedEnvelope, type FeedSourceRecord, type RecordList } from './feed-schema.js';
import { compiledCheck, schemaProblem } from './record-check.js';

/** One feed document, read and checked as a whole; its records are checked one by one later. */
export interface FeedDocument {
  file: ArtifactFile;
  source: FeedSourceRecord | undefined;
  lists: Record<RecordList, unknown[]>;
}

const envelope = compiledCheck(FeedEnvelope);

/**
 * The documents of an artifact: a single file whatever its name (a file, standard input, a URL), else
 * every `.json` file of the folder or archive, in path order.
 */
function documentFiles(files: readonly ArtifactFile[]): ArtifactFile[] {
  if (files.length === 1) return [...files];
  const found = files.filter((f) => f.uri.toLowerCase().endsWith('.json'));
  if (found.length === 0) throw new IngestError('no feed document (a .json file) in the artifact');
  return found.sort((a, b) => (a.uri < b.uri ? -1 : a.uri > b.uri ? 1 : 0));
}

function readDocument(file: ArtifactFile): FeedDocument {
  const text = decodeUtf8(file.bytes);
  if (!text.ok) throw new IngestError(`${file.uri}: ${text.reason}`);
  let value: unknown;
  try {
    value = JSON.parse(text.text);
  } catch (error) {
    throw new IngestError(`${file.uri}: not valid JSON (${(error as Error).message})`);
  }
  const version = (value as { feed_version?: unknown } | null)?.feed_version;
  if (typeof value === 'object' && value !== null && version !== undefined && version !== FEED_VERSION) {
    throw new IngestError(
      `${file.uri}: feed_version ${JSON.stringify(version)} is not one this Touchline reads (${FEED_VERSION})`,
    );
  }
  const problem = schemaProblem(envelope(), value);
  if (problem) throw new IngestError(`${file.uri}: not a feed document (${problem})`);
  const doc = value as { source?: FeedSourceRecord } & Partial<Record<RecordList, unknown[]>>;
  // The document's own text (its attribution) is not a record to reject: the document fails instead.
  const sourceText = storedTextProblem(doc.source, 'source');
  if (sourceText) throw new IngestError(`${file.uri}: not a feed document (${sourceText})`);
  return {
    file,
    source: doc.source,
    lists: {
      competitions: doc.competitions ?? [],
      seasons: doc.seasons ?? [],
      teams: doc.teams ?? [],
      matches: doc.matches ?? [],
    },
  };
}

/**
 * Reads every document of the artifact. One that is not UTF-8, not JSON, or not a feed document (no
 * `feed_version` 1, a field the format does not have, a list that is not a list) fails the run: nothing
 * of the artifact is written.
 */
export function readFeedDocuments(files: readonly ArtifactFile[]): FeedDocument[] {
  return documentFiles(files).map(readDocument);
}
