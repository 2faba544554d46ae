import { auditFile, type FileAudit } from '../artifacts/file-audit.js';
import { emptyBatch, type CanonicalBatch } from '../canonical.js';
import type { StoredAliases } from '../identity/team-resolver.js';
import { FeedCompetitions } from './competitions.js';
import type { FeedDocument } from './documents.js';
import { FeedFixtures } from './fixtures.js';
import { FeedSeasons } from './seasons.js';
import type { StoredRecords } from './stored-records.js';
import { FeedTeams } from './teams.js';

function recordsIn(doc: FeedDocument): number {
  const { competitions, seasons, teams, matches } = doc.lists;
  return competitions.length + seasons.length + teams.length + matches.length;
}

/**
 * Who the documents say publish them, once per publisher: told to the operator with the run, not stored
 * (docs/feed.md, "Attribution").
 */
function publisherNotes(documents: readonly FeedDocument[]): string[] {
  const byPublisher = new Map<string, string[]>();
  for (const doc of documents) {
    const source = doc.source;
    if (!source) continue;
    const terms = [source.license, source.attribution].filter((t) => t);
    const publisher = `${source.name}${terms.length > 0 ? ` (${terms.join('; ')})` : ''}`;
    byPublisher.set(publisher, [...(byPublisher.get(publisher) ?? []), doc.file.uri]);
  }
  return [...byPublisher].map(([publisher, uris]) => {
    const more = uris.length > 1 ? ` and ${uris.length - 1} other documents` : '';
    return `${uris[0]}${more}: published by ${publisher}`;
  });
}

/**
 * Turns the feed's documents into canonical records: competitions, then teams and seasons, then the
 * fixtures naming them. Each record the format or the references refuse is rejected with its document,
 * place (`matches[3]`) and reason; the others are kept. Every document is audited as a file of the run.
 */
export function normalizeFeed(
  documents: readonly FeedDocument[],
  stored: StoredRecords,
  aliases: StoredAliases,
  now: number,
  onFile: (done: number, total: number, uri: string) => void = () => undefined,
): CanonicalBatch {
  const batch = emptyBatch();
  const audits = new Map<FeedDocument, FileAudit>();
  documents.forEach((doc, index) => {
    onFile(index, documents.length, doc.file.uri);
    const audit = auditFile(doc.file, recordsIn(doc), batch.rejections);
    audits.set(doc, audit);
    batch.artifacts.push(audit.outcome);
  });
  batch.notes.push(...publisherNotes(documents));
  const run = { documents, audits, stored, aliases, now, batch };
  const competitions = new FeedCompetitions(run);
  const teams = new FeedTeams(run);
  const seasons = new FeedSeasons(run, competitions);
  new FeedFixtures(run, seasons, teams);
  onFile(documents.length, documents.length, '');
  return batch;
}
