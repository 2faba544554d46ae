import type { Kysely } from 'kysely';
import type { Database } from '../storage/schema.js';
import type { Artifact } from './artifacts/read-artifact.js';
import type { CanonicalBatch } from './canonical.js';
import type { StoredAliases } from './identity/team-resolver.js';

/** What a normalizing adapter may consult besides its own artifacts. */
export interface NormalizeContext {
  /** Team aliases already stored (scope + exact name key -> team ID). */
  stored: StoredAliases;
  /** Ingestion time (ms): decides "scheduled" versus "unknown" for unplayed fixtures. */
  now: number;
  onFile?: (done: number, total: number, uri: string) => void;
}

/** A source read and ready to normalize: every adapter's loader returns one. */
export interface LoadedSource {
  /** The main artifact first; reference data after it. */
  artifacts: Artifact[];
  /**
   * Reads the stored records the artifact names before it is normalized (the operator feed names stored
   * teams, competitions and matches by their IDs); the runner calls it under the ingestion lock, before
   * `normalize`. Sources that name nothing stored leave it out.
   */
  readStored?(db: Kysely<Database>): Promise<void>;
  normalize(context: NormalizeContext): CanonicalBatch;
}

/** Options every source's loader takes from `touchline ingest <source> --from … [--clubs …]`. */
export interface SourceOptions {
  from: string;
  /** openfootball/clubs location, for sources whose team names go through the club directory. */
  clubs?: string;
}
