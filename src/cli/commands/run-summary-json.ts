import type { RefreshResult } from '../../ingest/refresh.js';

// `ingest --json` and `refresh --json`: one object per source run, with the same fields whatever the
// outcome (null where the outcome has no value), as docs/cli.md lists them.

export function runSummaryJson(location: string, result: RefreshResult | null, source?: string) {
  const ran = result !== null && result.outcome !== 'unchanged' ? result : null;
  return {
    source: result?.source ?? source!,
    location,
    // null: the run was skipped (`refresh --if-idle` while another ingestion ran), so there is none.
    outcome: result?.outcome ?? 'skipped',
    run_id: result?.runId ?? null,
    error: ran?.error ?? null,
    sha256: result?.sha256 ?? null,
    same_as: result?.outcome === 'unchanged' ? result.sameAs : null,
    unchanged_by: result?.outcome === 'unchanged' ? result.how : null,
    records_seen: ran?.outcome === 'succeeded' ? ran.recordsSeen : null,
    inserted: ran?.outcome === 'succeeded' ? ran.inserted : null,
    updated: ran?.outcome === 'succeeded' ? ran.updated : null,
    unchanged: ran?.outcome === 'succeeded' ? ran.unchanged : null,
    rejected: ran?.outcome === 'succeeded' ? ran.rejected : null,
    rows_written: ran?.outcome === 'succeeded' ? ran.rowsWritten : null,
    notes: ran?.notes ?? [],
    duration_ms: result?.durationMs ?? null,
  };
}
