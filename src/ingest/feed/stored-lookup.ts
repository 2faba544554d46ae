import type { Kysely } from 'kysely';
import type { Database } from '../../storage/schema.js';
import type { FeedDocument } from './documents.js';
import { competitionIdOf, feedCompetitionCode, feedTeamId, seasonIdOf } from './feed-identity.js';
import {
  storedCompetitions,
  storedMatches,
  storedMatchKeys,
  storedSeasons,
  storedTeams,
  type StoredRecords,
} from './stored-records.js';

type Loose = Record<string, unknown>;

function* entries(documents: readonly FeedDocument[], list: keyof FeedDocument['lists']): Generator<Loose> {
  for (const doc of documents) {
    for (const entry of doc.lists[list]) {
      if (typeof entry === 'object' && entry !== null) yield entry as Loose;
    }
  }
}

/** The text values of `field` in the entries, whatever else the entries hold (they are not checked yet). */
function texts(source: Iterable<Loose>, field: string): string[] {
  const out: string[] = [];
  for (const entry of source) if (typeof entry[field] === 'string') out.push(entry[field]);
  return out;
}

/**
 * Reads every stored record the documents may name: the IDs they give, the records their keys derive or
 * already name, and the feed's own records whose names it may change. Read from the entries as they come,
 * before they are checked, so it reads a little more than the valid records need, never less.
 */
export async function lookUpStored(
  db: Kysely<Database>,
  documents: readonly FeedDocument[],
): Promise<StoredRecords> {
  const competitionKeys = [
    ...texts(entries(documents, 'competitions'), 'key'),
    ...texts(entries(documents, 'seasons'), 'competition'),
    ...texts(entries(documents, 'matches'), 'competition'),
  ];
  const competitions = await storedCompetitions(db, [
    ...texts(entries(documents, 'competitions'), 'id'),
    ...competitionKeys.map((key) => competitionIdOf(feedCompetitionCode(key))),
  ]);

  // A season's ID derives from its competition's code: the feed's own, or a stored competition's.
  const codes = new Set(competitionKeys.map(feedCompetitionCode));
  for (const competition of competitions.values()) codes.add(competition.code);
  const seasonKeys = new Set([
    ...texts(entries(documents, 'seasons'), 'key'),
    ...texts(entries(documents, 'matches'), 'season'),
  ]);
  const derivedSeasons = [...codes].flatMap((code) => [...seasonKeys].map((key) => seasonIdOf(code, key)));
  const seasons = await storedSeasons(db, [...texts(entries(documents, 'seasons'), 'id'), ...derivedSeasons]);

  const teams = await storedTeams(db, [
    ...texts(entries(documents, 'teams'), 'id'),
    ...texts(entries(documents, 'teams'), 'key').map(feedTeamId),
  ]);

  const matchKeys = texts(entries(documents, 'matches'), 'key');
  const keyed = await storedMatchKeys(db, matchKeys);
  // A fixture's own ID (from its key) needs no stored row; one it names (by ID or by a stored key) does.
  const matches = await storedMatches(db, [...texts(entries(documents, 'matches'), 'id'), ...keyed.values()]);
  return { competitions, seasons, teams, matches, matchKeys: keyed };
}
