import Table from 'cli-table3';

export interface Listing {
  /** The column headers a terminal shows. */
  headers: string[];
  /** One row of cells per item, under the headers. */
  rows: string[][];
  /** What a pipe gets: the lines this command printed before it had tables, which scripts may cut. */
  plain: string[];
  /** Shown alone, in both cases, when there are no rows (`no keys`); nothing is shown without it. */
  empty?: string;
}

/**
 * A listing on stdout: on a terminal a table with a header row (cli-table3 measures each column, unicode
 * included, and draws the rules, which is all a table here needs); piped or redirected, the plain
 * tab-separated lines unchanged, without a header or a control character, so that `cut -f4` and the
 * scripts written against them keep working (`--json` is the format meant for scripts).
 */
export function printListing(listing: Listing, stream: NodeJS.WriteStream = process.stdout): void {
  if (listing.rows.length === 0) {
    if (listing.empty !== undefined) stream.write(`${listing.empty}\n`);
    return;
  }
  if (!stream.isTTY) {
    for (const line of listing.plain) stream.write(`${line}\n`);
    return;
  }
  // No colours (cli-table3 would colour the header red and the rules grey when a colour library is
  // installed): the terminal's own colours, whatever its background.
  const table = new Table({ head: listing.headers, style: { head: [], border: [], compact: true } });
  table.push(...listing.rows);
  stream.write(`${table.toString()}\n`);
}
