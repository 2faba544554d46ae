import type { MatchRecord } from '../canonical.js';
import { localToUtc } from '../time/local-to-utc.js';
import { isCalendarDate } from './calendar-date.js';
import { FEED_SOURCE, feedMatchId, matchSourceId } from './feed-identity.js';
import { FixtureDefinition, type FixtureRecord } from './feed-schema.js';
import { keyOf, type FeedRun } from './feed-run.js';
import { fixtureState } from './fixture-state.js';
import { eachEntry, KeyedRecords, placeText, type Place, type RecordContext } from './keyed-records.js';
import { compiledCheck, recordProblem } from './record-check.js';
import type { FeedSeason, FeedSeasons } from './seasons.js';
import type { FeedTeams } from './teams.js';

const DAY_MS = 86_400_000;
const check = compiledCheck(FixtureDefinition);

interface Resolved {
  id: string;
  season: FeedSeason;
  home: string;
  away: string;
}

/**
 * The feed's fixtures. A fixture's ID derives from its key, unless it names a stored match: by `id`, or
 * by a key an earlier run stored for one (`match_sources`, source `feed`). A stored match of another
 * source must be the same fixture (the same season and the same two teams, either way round); the feed
 * then writes the match row over that source's (it ranks first), which stays as provenance. Every fixture
 * gets its `match_sources` row, through which live updates name it by its key.
 */
export class FeedFixtures {
  private readonly book = new KeyedRecords<string>('match');
  private readonly byId = new Map<string, Place>();
  /** Season, date and both teams: the same fixture under two keys is one fixture given twice. */
  private readonly byFixture = new Map<string, Place>();

  constructor(
    private readonly run: FeedRun,
    private readonly seasons: FeedSeasons,
    private readonly teams: FeedTeams,
  ) {
    eachEntry(run.documents, run.audits, 'matches', (entry, context) => this.read(entry, context));
  }

  private read(entry: unknown, context: RecordContext): void {
    const key = keyOf(entry);
    const fail = (reason: string) => {
      if (key !== undefined) this.book.rejectKey(key, context.place, reason);
      context.reject(reason);
    };
    const problem = recordProblem(check(), entry);
    if (problem) return fail(problem);
    const fixture = entry as FixtureRecord;
    const text = JSON.stringify(entry);
    const repeat = this.book.repeat(fixture.key, text, context.place);
    if (repeat === 'same') return context.credit(this.book.get(fixture.key)!);
    if (repeat !== null) return context.reject(repeat);
    if (!isCalendarDate(fixture.date)) return fail(`date "${fixture.date}" is not a day of the calendar`);
    const resolved = this.resolve(fixture);
    if (typeof resolved === 'string') return fail(resolved);
    const fixtureKey = `${resolved.season.id}|${fixture.date}|${[resolved.home, resolved.away].sort().join('|')}`;
    const twin = this.byId.get(resolved.id) ?? this.byFixture.get(fixtureKey);
    if (twin) {
      const how = this.byId.has(resolved.id) ? `${resolved.id}` : 'the same teams on the same date';
      return fail(`the same match as ${placeText(twin)} (${how})`);
    }
    const record = this.record(fixture, resolved);
    if (typeof record === 'string') return fail(record);
    this.byId.set(resolved.id, context.place);
    this.byFixture.set(fixtureKey, context.place);
    this.book.keep(fixture.key, record.id, text, context.place);
    this.run.batch.matches.push(record);
    this.run.batch.details.matchSources.push({
      id: matchSourceId(record.id),
      match_id: record.id,
      source: FEED_SOURCE,
      source_key: fixture.key,
    });
    context.credit(record.id);
  }

  private resolve(fixture: FixtureRecord): Resolved | string {
    const season = this.seasons.resolve(fixture.competition, fixture.season);
    if (typeof season === 'string') return season;
    const home = this.teams.resolve(fixture.home);
    if (typeof home === 'string') return `home: ${home}`;
    const away = this.teams.resolve(fixture.away);
    if (typeof away === 'string') return `away: ${away}`;
    if (home.id === away.id) {
      return `home "${fixture.home}" and away "${fixture.away}" are the same team (${home.id})`;
    }
    const keyed = this.run.stored.matchKeys.get(fixture.key);
    if (fixture.id && keyed && fixture.id !== keyed) {
      return `match key "${fixture.key}" already names ${keyed}: a key names one match`;
    }
    const id = fixture.id ?? keyed ?? feedMatchId(fixture.key);
    const resolved = { id, season, home: home.id, away: away.id };
    return id === feedMatchId(fixture.key) ? resolved : (this.sameStoredMatch(resolved) ?? resolved);
  }

  /** Why a stored match the fixture names is another fixture, or undefined when it is this one. */
  private sameStoredMatch(r: Resolved): string | undefined {
    const stored = this.run.stored.matches.get(r.id);
    if (!stored) return `${r.id} is not a stored match`;
    if (stored.season_id !== r.season.id) return `${r.id} is a match of another season (${stored.season_id})`;
    const teams = [stored.home_team_id, stored.away_team_id].sort().join(' v ');
    if (teams !== [r.home, r.away].sort().join(' v '))
      return `${r.id} is a match between other teams (${teams})`;
    return undefined;
  }

  private record(fixture: FixtureRecord, r: Resolved): MatchRecord | string {
    const time = fixture.time ?? null;
    const startsAt = time
      ? localToUtc(fixture.date, time, r.season.competition.timezone)
      : `${fixture.date}T00:00:00Z`;
    const kickoffEndsAt = Date.parse(startsAt) + (time ? 0 : DAY_MS);
    const state = fixtureState(fixture, kickoffEndsAt, this.run.now);
    if (!state.ok) return state.reason;
    const venue = fixture.venue ?? null;
    return {
      id: r.id,
      competition_id: r.season.competition.id,
      season_id: r.season.id,
      round: fixture.round ?? null,
      stage: fixture.stage ?? null,
      home_team_id: r.home,
      away_team_id: r.away,
      starts_at: startsAt,
      time_known: time ? 1 : 0,
      status: state.status,
      source_status: state.source_status,
      ...state.columns,
      venue_name: venue?.name ?? null,
      venue_city: venue?.city ?? null,
      venue_country: venue?.country ?? null,
      neutral: venue?.neutral === undefined || venue.neutral === null ? null : venue.neutral ? 1 : 0,
      local_date: fixture.date,
      source: FEED_SOURCE,
    };
  }
}
