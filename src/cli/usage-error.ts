/** A command line the CLI cannot run: printed with the usage text, exit status 2. */
export class UsageError extends Error {
  static readonly usage = `Usage: touchline <command>

  serve [--workers N|auto]      migrate, then serve the API (HOST, PORT) from N processes
  migrate                       apply database migrations
  ingest <source> --from <folder | file | archive.tar.gz|.zip | http(s) URL> [--clubs <location>]
         [--wait <duration>]    import a source in one transaction; sources: openfootball,
                                worldcup-json, fjelstul, football-data, international-results; waits
                                up to --wait (10m) for another ingestion to finish
  refresh [<source>…] [--force] [--if-idle] [--wait <duration>]
                                one pass over TOUCHLINE_SOURCES (or the sources named): an unchanged
                                artifact (HTTP 304, same SHA-256) is recorded, not parsed; --force ingests
                                anyway; --if-idle skips (exit 75) when another ingestion is running
  runs [<id>]                   list ingestion runs, or show one with its artifacts and rejections
  plans list                    the plans keys can be on (requests per minute and per billing period)
  keys create [--name N] [--plan P] [--expires-in-days D] [--billing-anchor-day 1-28]
  keys list
  keys usage <key id | key>     this period's count, remaining requests and reset time
  keys revoke <key id>
  keys deactivate <key id>      mark the key's subscription inactive (403 subscription_inactive)
  keys activate <key id>

Configuration comes from environment variables; see README.md.`;
}
