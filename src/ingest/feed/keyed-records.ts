import type { FileAudit } from '../artifacts/file-audit.js';
import type { FeedDocument } from './documents.js';
import type { RecordList } from './feed-schema.js';

/** Where a record is: its document and its place in one of the lists. */
export interface Place {
  uri: string;
  /** `teams[3]`, as rejections name it. */
  ref: string;
}

export function placeText(place: Place): string {
  return `${place.uri} ${place.ref}`;
}

/** What a record's handler may do: reject it with a reason, or credit the ID it stands for. */
export interface RecordContext {
  place: Place;
  reject(reason: string): void;
  credit(id: string): void;
}

/** Each entry of one list across the documents, in document order, with its context. */
export function eachEntry(
  documents: readonly FeedDocument[],
  audits: ReadonlyMap<FeedDocument, FileAudit>,
  list: RecordList,
  handle: (entry: unknown, context: RecordContext) => void,
): void {
  for (const doc of documents) {
    const audit = audits.get(doc)!;
    doc.lists[list].forEach((entry, index) => {
      const ref = `${list}[${index}]`;
      handle(entry, {
        place: { uri: doc.file.uri, ref },
        reject: (reason) => audit.reject(ref, reason),
        credit: (id) => audit.outcome.recordIds.push(id),
      });
    });
  }
}

interface Kept<E> {
  entry: E;
  place: Place;
  /** The record as given, to tell an identical repeat in another document from a conflicting one. */
  text: string;
}

/**
 * The records of one list by the operator's key: the first record of a key is the one kept. The same
 * record again in another document (a team every document of a folder lists) is that record; a repeat
 * within one document, or a different record under the key, is rejected. A key whose record was rejected
 * is remembered, so that records naming it say why it is missing.
 */
export class KeyedRecords<E> {
  private readonly kept = new Map<string, Kept<E>>();
  /** Where each key was first met, its record kept or not. */
  private readonly first = new Map<string, Place>();
  private readonly rejected = new Map<string, string>();

  /** `what` names the kind of record in reasons, `shown` a key (quoted by default). */
  constructor(
    private readonly what: string,
    private readonly shown: (key: string) => string = (key) => `"${key}"`,
  ) {}

  get(key: string): E | undefined {
    return this.kept.get(key)?.entry;
  }

  /** Null for a key to read; `same` for an identical record of another document; else why it is refused. */
  repeat(key: string, text: string, place: Place): 'same' | string | null {
    const kept = this.kept.get(key);
    if (kept && kept.text === text && kept.place.uri !== place.uri) return 'same';
    const first = kept?.place ?? this.first.get(key);
    // A key rejected in another document may be given again here; within one document it is one record.
    if (first && (kept || first.uri === place.uri)) {
      return `duplicate ${this.what} key ${this.shown(key)} (${placeText(first)} has it)`;
    }
    if (!first) this.first.set(key, place);
    return null;
  }

  keep(key: string, entry: E, text: string, place: Place): void {
    this.kept.set(key, { entry, place, text });
  }

  /** How a record under `key` (undefined: it has none) is rejected: in its file's audit, and by its key. */
  rejecter(key: string | undefined, context: RecordContext): (reason: string) => void {
    return (reason) => {
      if (key !== undefined) this.rejectKey(key, context.place, reason);
      context.reject(reason);
    };
  }

  /** Remembers why the first record of a key that was never kept was rejected. */
  rejectKey(key: string, place: Place, reason: string): void {
    if (!this.first.has(key)) this.first.set(key, place);
    if (!this.kept.has(key) && !this.rejected.has(key))
      this.rejected.set(key, `${placeText(place)}: ${reason}`);
  }

  /** Whether the run's record of a key was rejected: what the key names is then in doubt. */
  wasRejected(key: string): boolean {
    return !this.kept.has(key) && this.rejected.has(key);
  }

  /** Why a key names no record: the record was rejected, or there is none. */
  missing(key: string): string {
    const rejected = this.rejected.get(key);
    return rejected
      ? `${this.what} ${this.shown(key)} was rejected (${rejected})`
      : `unknown ${this.what} ${this.shown(key)} (not in the feed)`;
  }
}
