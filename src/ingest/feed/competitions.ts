import { foldText, slugify } from '../../text/fold.js';
import type { CompetitionRecord } from '../canonical.js';
import { isValidTimeZone } from '../time/local-to-utc.js';
import { competitionIdOf, feedCompetitionCode } from './feed-identity.js';
import {
  CompetitionDefinition,
  CompetitionReference,
  type CompetitionDefinitionRecord,
  type CompetitionReferenceRecord,
} from './feed-schema.js';
import { keyOf, namesStored, type FeedRun } from './feed-run.js';
import { eachEntry, KeyedRecords, type RecordContext } from './keyed-records.js';
import { nameRevision } from './name-revision.js';
import { compiledCheck, recordProblem } from './record-check.js';

/** A competition as the feed's other records use it. */
export interface FeedCompetition {
  id: string;
  code: string;
  /** Its dates and kick-off times are local to this zone. */
  timezone: string;
  /** A competition of the feed's own (code `feed:<key>`): the feed writes its seasons. */
  owned: boolean;
}

const checkReference = compiledCheck(CompetitionReference);
const checkDefinition = compiledCheck(CompetitionDefinition);

function competitionRecord(
  c: CompetitionDefinitionRecord,
  id: string,
  nameSeason: string,
): CompetitionRecord {
  return {
    id,
    code: feedCompetitionCode(c.key),
    slug: slugify(c.name),
    name: c.name,
    name_season: nameSeason,
    country_name: c.country?.name ?? null,
    country_code: c.country?.code ?? null,
    confederation: c.confederation ?? null,
    type: c.type,
    gender: c.gender,
    logo_url: c.logo_url ?? null,
    timezone: c.timezone,
    search_name: foldText(c.name),
  };
}

/**
 * The feed's competitions: each one it defines becomes a competition of its own (ID from the code
 * `feed:<key>`); one given by `id` is a stored competition, which the feed names but never rewrites. A
 * key the documents do not list may still name a competition an earlier feed run defined.
 */
export class FeedCompetitions {
  private readonly book = new KeyedRecords<FeedCompetition>('competition');

  constructor(private readonly run: FeedRun) {
    eachEntry(run.documents, run.audits, 'competitions', (entry, context) => this.read(entry, context));
  }

  /** The competition a key names, or why there is none. */
  resolve(key: string): FeedCompetition | string {
    const listed = this.book.get(key);
    if (listed) return listed;
    if (this.book.wasRejected(key)) return this.book.missing(key);
    const code = feedCompetitionCode(key);
    const stored = this.run.stored.competitions.get(competitionIdOf(code));
    if (stored) return { id: stored.id, code, timezone: stored.timezone, owned: true };
    return this.book.missing(key);
  }

  private read(entry: unknown, context: RecordContext): void {
    const key = keyOf(entry);
    const fail = this.book.rejecter(key, context);
    const problem = namesStored(entry)
      ? recordProblem(checkReference(), entry)
      : recordProblem(checkDefinition(), entry);
    if (problem) return fail(problem);
    const text = JSON.stringify(entry);
    const repeat = this.book.repeat(key!, text, context.place);
    if (repeat === 'same') return context.credit(this.book.get(key!)!.id);
    if (repeat !== null) return context.reject(repeat);
    const competition = namesStored(entry)
      ? this.named(entry as CompetitionReferenceRecord)
      : this.defined(entry as CompetitionDefinitionRecord);
    if (typeof competition === 'string') return fail(competition);
    this.book.keep(key!, competition, text, context.place);
    context.credit(competition.id);
  }

  private named(c: CompetitionReferenceRecord): FeedCompetition | string {
    const stored = this.run.stored.competitions.get(c.id);
    if (!stored) return `${c.id} is not a stored competition`;
    return {
      id: stored.id,
      code: stored.code,
      timezone: stored.timezone,
      owned: stored.code.startsWith('feed:'),
    };
  }

  private defined(c: CompetitionDefinitionRecord): FeedCompetition | string {
    if (!isValidTimeZone(c.timezone)) return `timezone "${c.timezone}" is not an IANA time zone`;
    const code = feedCompetitionCode(c.key);
    const id = competitionIdOf(code);
    this.run.batch.competitions.push(
      competitionRecord(c, id, nameRevision(this.run.stored.competitions.get(id), c.name)),
    );
    return { id, code, timezone: c.timezone, owned: true };
  }
}
