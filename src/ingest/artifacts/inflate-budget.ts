import { IngestError } from '../ingest-error.js';

/** How far an archive may inflate before it is refused. */
export interface InflateLimits {
  /** Inflated bytes per archive: the tar stream of a .tar.gz, the files' contents of a .zip. */
  maxBytes: number;
  /** Inflated bytes per compressed byte read so far, checked once `ratioAfter` bytes are out. */
  maxRatio: number;
  ratioAfter: number;
}

const MiB = 1024 * 1024;

/**
 * The largest real source, openfootball (football.json with clubs, worldcup.json and leagues), is about
 * 30 MB inflated at under 24:1 however far into its tarball one looks. A decompression bomb inflates at
 * about 1000:1, so the ratio stops it after a few MB of output, long before the total cap, which bounds
 * archives that inflate at a legitimate ratio (the download cap is 512 MiB too).
 */
export const ARCHIVE_LIMITS: Readonly<InflateLimits> = {
  maxBytes: 512 * MiB,
  maxRatio: 200,
  ratioAfter: 8 * MiB,
};

/**
 * Compressed bytes handed to a decompressor at a time: at most about 1000 times that comes out before
 * the budget is checked again (about 16 MB for a bomb).
 */
export const FEED_BYTES = 16 * 1024;

function size(bytes: number): string {
  return bytes >= MiB ? `${(bytes / MiB).toFixed(bytes % MiB === 0 ? 0 : 1)} MiB` : `${bytes} bytes`;
}

/**
 * Counts an archive's compressed bytes as they are fed to the decompressor and its inflated bytes as
 * they come out, and throws an IngestError as soon as either limit is passed, so that reading stops
 * there and memory stays bounded by what was kept so far.
 */
export class InflateBudget {
  private compressed = 0;
  private inflated = 0;

  constructor(
    private readonly label: string,
    private readonly limits: Readonly<InflateLimits> = ARCHIVE_LIMITS,
  ) {}

  /** Compressed bytes about to be decompressed. */
  read(bytes: number): void {
    this.compressed += bytes;
  }

  /** Bytes that came out of the decompressor. */
  inflate(bytes: number): void {
    this.inflated += bytes;
    const { maxBytes, maxRatio, ratioAfter } = this.limits;
    if (this.inflated > maxBytes) {
      throw new IngestError(
        `${this.label}: archive refused: it inflates to more than ${size(maxBytes)}, the limit per archive`,
      );
    }
    if (this.inflated > ratioAfter && this.inflated > maxRatio * this.compressed) {
      throw new IngestError(
        `${this.label}: archive refused as a likely decompression bomb: ${size(this.inflated)} inflated ` +
          `from the archive's first ${size(this.compressed)} (more than ${maxRatio}:1)`,
      );
    }
  }
}
