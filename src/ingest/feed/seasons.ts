import type { FeedCompetition, FeedCompetitions } from './competitions.js';
import { seasonIdOf } from './feed-identity.js';
import {
  SeasonDefinition,
  SeasonReference,
  type SeasonDefinitionRecord,
  type SeasonReferenceRecord,
} from './feed-schema.js';
import { keyOf, namesStored, type FeedRun } from './feed-run.js';
import { eachEntry, KeyedRecords, placeText, type Place, type RecordContext } from './keyed-records.js';
import { compiledCheck, recordProblem } from './record-check.js';

export interface FeedSeason {
  id: string;
  competition: FeedCompetition;
}

const checkReference = compiledCheck(SeasonReference);
const checkDefinition = compiledCheck(SeasonDefinition);

/** A season's key in the book: seasons are keyed within their competition ("2025-26" of each). */
const bookKey = (competition: string, season: string) => `${competition}\u0000${season}`;
const shown = (key: string) => {
  const [competition, season] = key.split('\u0000');
  return `"${season}" of competition "${competition}"`;
};

/**
 * The feed's seasons, keyed within their competition. A season the feed defines has the ID every source
 * derives from the competition's code and the season key, so a season added to a stored competition is
 * the one its own source would give that key; the feed writes it when its competition is its own, or when
 * nothing stored has that ID yet (it never renames another source's season). One given by `id` is a stored
 * season of that competition.
 */
export class FeedSeasons {
  private readonly book = new KeyedRecords<FeedSeason>('season', shown);
  /** Seasons written by this run, by ID: two keys must not write one season twice. */
  private readonly written = new Map<string, Place>();

  constructor(
    private readonly run: FeedRun,
    private readonly competitions: FeedCompetitions,
  ) {
    eachEntry(run.documents, run.audits, 'seasons', (entry, context) => this.read(entry, context));
  }

  /** The season a competition's key and a season key name, or why there is none. */
  resolve(competitionKey: string, seasonKey: string): FeedSeason | string {
    const competition = this.competitions.resolve(competitionKey);
    if (typeof competition === 'string') return competition;
    const key = bookKey(competitionKey, seasonKey);
    const listed = this.book.get(key);
    if (listed) return listed;
    if (this.book.wasRejected(key)) return this.book.missing(key);
    const stored = this.run.stored.seasons.get(seasonIdOf(competition.code, seasonKey));
    if (stored && stored.competition_id === competition.id) return { id: stored.id, competition };
    return this.book.missing(key);
  }

  private read(entry: unknown, context: RecordContext): void {
    const competitionKey = keyOf(entry, 'competition');
    const seasonKey = keyOf(entry);
    const key =
      competitionKey !== undefined && seasonKey !== undefined
        ? bookKey(competitionKey, seasonKey)
        : undefined;
    const fail = this.book.rejecter(key, context);
    const problem = namesStored(entry)
      ? recordProblem(checkReference(), entry)
      : recordProblem(checkDefinition(), entry);
    if (problem) return fail(problem);
    const competition = this.competitions.resolve(competitionKey!);
    if (typeof competition === 'string') return fail(competition);
    const text = JSON.stringify(entry);
    const repeat = this.book.repeat(key!, text, context.place);
    if (repeat === 'same') return context.credit(this.book.get(key!)!.id);
    if (repeat !== null) return context.reject(repeat);
    const season = namesStored(entry)
      ? this.named(entry as SeasonReferenceRecord, competition)
      : this.defined(entry as SeasonDefinitionRecord, competition, context.place);
    if (typeof season === 'string') return fail(season);
    this.book.keep(key!, season, text, context.place);
    context.credit(season.id);
  }

  private named(s: SeasonReferenceRecord, competition: FeedCompetition): FeedSeason | string {
    const stored = this.run.stored.seasons.get(s.id);
    if (!stored) return `${s.id} is not a stored season`;
    if (stored.competition_id !== competition.id) {
      return `${s.id} is a season of ${stored.competition_id}, not of competition "${s.competition}" (${competition.id})`;
    }
    return { id: s.id, competition };
  }

  private defined(
    s: SeasonDefinitionRecord,
    competition: FeedCompetition,
    place: Place,
  ): FeedSeason | string {
    const id = seasonIdOf(competition.code, s.key);
    const first = this.written.get(id);
    if (first) return `the same season as ${placeText(first)}`;
    if (competition.owned || !this.run.stored.seasons.has(id)) {
      this.written.set(id, place);
      this.run.batch.seasons.push({ id, competition_id: competition.id, key: s.key, name: s.name ?? s.key });
    }
    return { id, competition };
  }
}
