import { foldText, slugify } from '../../text/fold.js';
import type { TeamRecord } from '../canonical.js';
import { storedAliasKey } from '../identity/team-resolver.js';
import { FEED_SOURCE, feedTeamId, TEAM_KEY_SCOPE } from './feed-identity.js';
import {
  TeamDefinition,
  TeamReference,
  type TeamDefinitionRecord,
  type TeamReferenceRecord,
} from './feed-schema.js';
import { keyOf, namesStored, type FeedRun } from './feed-run.js';
import { eachEntry, KeyedRecords, type RecordContext } from './keyed-records.js';
import { nameRevision } from './name-revision.js';
import { compiledCheck, recordProblem } from './record-check.js';

const checkReference = compiledCheck(TeamReference);
const checkDefinition = compiledCheck(TeamDefinition);

/**
 * The feed's teams. A key is stored as an alias of its team (scope `feed`), so that later documents name
 * the team by its key alone, and so that a key keeps naming the team it first named: a team the feed
 * defines gets an ID from its key, one given by `id` is a stored team (of any source) the feed names but
 * never rewrites. Touchline never takes a defined team for a stored one by its name.
 */
export class FeedTeams {
  private readonly book = new KeyedRecords<string>('team');

  constructor(private readonly run: FeedRun) {
    eachEntry(run.documents, run.audits, 'teams', (entry, context) => this.read(entry, context));
  }

  /** The ID of the team a key names (in the documents, or stored by an earlier run), or why there is none. */
  resolve(key: string): { id: string } | string {
    const listed = this.book.get(key);
    if (listed) return { id: listed };
    const stored = this.book.wasRejected(key) ? undefined : this.storedKey(key);
    return stored ? { id: stored } : this.book.missing(key);
  }

  private storedKey(key: string): string | undefined {
    return this.run.aliases.get(storedAliasKey(TEAM_KEY_SCOPE, key));
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
    if (repeat === 'same') return context.credit(this.book.get(key!)!);
    if (repeat !== null) return context.reject(repeat);
    const id = namesStored(entry)
      ? this.named(entry as TeamReferenceRecord)
      : this.defined(entry as TeamDefinitionRecord);
    if (!id.ok) return fail(id.reason);
    this.book.keep(key!, id.id, text, context.place);
    this.run.batch.aliases.push({
      scope: TEAM_KEY_SCOPE,
      alias_key: key!,
      alias: key!,
      team_id: id.id,
      source: FEED_SOURCE,
    });
    context.credit(id.id);
  }

  private named(t: TeamReferenceRecord): { ok: true; id: string } | { ok: false; reason: string } {
    if (!this.run.stored.teams.has(t.id)) return { ok: false, reason: `${t.id} is not a stored team` };
    const before = this.storedKey(t.key);
    if (before && before !== t.id) {
      return { ok: false, reason: `key "${t.key}" already names ${before}: a key names one team` };
    }
    return { ok: true, id: t.id };
  }

  private defined(t: TeamDefinitionRecord): { ok: true; id: string } | { ok: false; reason: string } {
    const id = feedTeamId(t.key);
    const before = this.storedKey(t.key);
    if (before && before !== id) {
      return {
        ok: false,
        reason: `key "${t.key}" names ${before}, a stored team an earlier feed gave by its id: give "id" here too`,
      };
    }
    this.run.batch.teams.push(teamRecord(t, id, nameRevision(this.run.stored.teams.get(id), t.name)));
    return { ok: true, id };
  }
}

function teamRecord(t: TeamDefinitionRecord, id: string, nameSeason: string): TeamRecord {
  return {
    id,
    slug: slugify(t.name),
    name: t.name,
    name_season: nameSeason,
    short_name: t.short_name ?? null,
    country_name: t.country?.name ?? null,
    country_code: t.country?.code ?? null,
    logo_url: t.logo_url ?? null,
    search_name: foldText(t.name),
  };
}
