import { auditFile, rejectFile } from '../artifacts/file-audit.js';
import { decodeUtf8 } from '../artifacts/text.js';
import {
  emptyBatch,
  type ArtifactFile,
  type CanonicalBatch,
  type CompetitionRecord,
  type MatchRecord,
  type TeamAliasRecord,
  type TeamRecord,
} from '../canonical.js';
import { IngestError } from '../ingest-error.js';
import { SOURCE_NAMES, sourceRank } from '../source-precedence.js';
import { exactNameKey } from '../identity/name-keys.js';
import { stableId } from '../identity/stable-id.js';
import { UNSCOPED, type TeamResolver } from '../identity/team-resolver.js';
import { foldText, slugify } from '../../text/fold.js';
import { competitionProfile, type CompetitionProfile } from './competition-catalogue.js';
import { countryByKey } from '../reference/countries.js';
import { localToUtc } from '../time/local-to-utc.js';
import { parseRawMatch, type RawMatch } from './match-record.js';
import { scoreColumns } from '../score-columns.js';
import { scoreProblem } from '../score-check.js';
import { correctScores } from './score-corrections.js';
import { aggregateOf, secondLegs } from '../two-legged-ties.js';
import { matchStatus } from '../match-status.js';
import { competitionName, correctSeasonYears, seasonName } from './season-dates.js';
import { isPlaceholderTeam, teamName } from './team-names.js';

const SOURCE = SOURCE_NAMES.footballJson;
/** What the club directory's spellings (and the project's, merged into it) are credited to. */
const CLUB_DIRECTORY = 'openfootball/clubs';
const FILE_PATH = /(?:^|\/)(\d{4}(?:-\d{2})?)\/([a-z]+(?:\.[a-z0-9]+)?)\.json$/;
const DAY_MS = 86_400_000;

interface SeasonFile {
  file: ArtifactFile;
  seasonKey: string;
  code: string;
}

/** Picks the `<season>/<code>.json` files out of an artifact, in a fixed order whatever order they came in. */
export function footballJsonFiles(files: readonly ArtifactFile[]): SeasonFile[] {
  const found: SeasonFile[] = [];
  for (const file of files) {
    const m = FILE_PATH.exec(file.uri);
    if (m) found.push({ file, seasonKey: m[1]!, code: m[2]! });
  }
  return found.sort((a, b) => a.seasonKey.localeCompare(b.seasonKey) || a.code.localeCompare(b.code));
}

function readFile(file: ArtifactFile, text: string): { name: string; matches: unknown[] } {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (error) {
    throw new IngestError(`${file.uri}: not valid JSON (${(error as Error).message})`);
  }
  const d = doc as { name?: unknown; matches?: unknown };
  if (typeof doc !== 'object' || doc === null || typeof d.name !== 'string' || !Array.isArray(d.matches)) {
    throw new IngestError(
      `${file.uri}: not a football.json file (expected {"name": string, "matches": [...]})`,
    );
  }
  return { name: d.name, matches: d.matches };
}

/** Memoizes a pure text function: names and rounds repeat thousands of times in a run. */
function memo(fn: (text: string) => string): (text: string) => string {
  const seen = new Map<string, string>();
  return (text) => {
    let value = seen.get(text);
    if (value === undefined) {
      value = fn(text);
      seen.set(text, value);
    }
    return value;
  };
}

function maxBy<T>(current: T | undefined, candidate: T, key: (t: T) => string): T {
  return current === undefined || key(candidate) > key(current) ? candidate : current;
}

/**
 * Turns football.json files into canonical records. Whole-file problems (bad JSON, wrong shape) throw an
 * IngestError; a file that is not UTF-8 is rejected as a whole, and a single unusable match is rejected
 * with its reason and the rest of the file is kept.
 */
export function normalizeFootballJson(
  files: readonly ArtifactFile[],
  resolver: TeamResolver,
  now: number,
  onFile: (done: number, total: number, uri: string) => void = () => undefined,
): CanonicalBatch {
  const seasonFiles = footballJsonFiles(files);
  if (seasonFiles.length === 0) {
    throw new IngestError('no football.json files (<season>/<code>.json) found in the artifact');
  }
  const batch: CanonicalBatch = emptyBatch();
  const fold = memo(foldText);
  const slug = memo(slugify);
  const competitions = new Map<string, CompetitionRecord>();
  const teams = new Map<string, TeamRecord>();
  const aliases = new Map<string, TeamAliasRecord>();
  // Clubs whose directory spellings were offered already (scope, canonical name, team).
  const clubsOffered = new Set<string>();
  // season folder + date + home + away -> where that fixture was first seen, to catch files repeating others.
  const fixturesSeen = new Map<string, string>();

  // Whether each season was read whole: every file of it read, none of its matches rejected (a rejected
  // match may be one stored before, which a run must then not take for withdrawn).
  const wholeSeasons = new Map<string, boolean>();

  for (const [fileIndex, { file, seasonKey, code }] of seasonFiles.entries()) {
    onFile(fileIndex, seasonFiles.length, file.uri);
    const competitionId = stableId('comp', code);
    const seasonId = stableId('season', `${code}:${seasonKey}`);
    const text = decodeUtf8(file.bytes);
    if (!text.ok) {
      batch.artifacts.push(rejectFile(file, text.reason, batch.rejections));
      wholeSeasons.set(seasonId, false);
      continue;
    }
    const doc = readFile(file, text.text);
    const profile = competitionProfile(code);
    const audit = auditFile(file, doc.matches.length, batch.rejections);
    const { outcome } = audit;
    batch.artifacts.push(outcome);
    const reject = (index: number, reason: string) => audit.reject(`matches[${index}]`, reason);

    const read = doc.matches.map((entry, index) => {
      const result = parseRawMatch(entry);
      if (!result.ok) reject(index, result.reason);
      return result.ok ? result.value : null;
    });
    // Published scores over the file's impossible ones (score-corrections.ts), before the score check.
    const { matches: parsed, notes: correctionNotes } = correctScores(`${seasonKey}/${code}.json`, read);
    batch.notes.push(...correctionNotes);
    const corrected = correctSeasonYears(seasonKey, parsed);
    if (corrected.size > 0) {
      batch.notes.push(
        `${file.uri}: ${corrected.size} match dates moved one year later (dated before the season began)`,
      );
    }

    // Within a file, a name always resolves to the same team with the same records offered: resolved once.
    const teamIds = new Map<string, string>();
    const teamOf = (raw: string) => {
      let teamId = teamIds.get(raw);
      if (teamId === undefined) {
        teamId = resolveTeam(raw, profile, seasonKey);
        teamIds.set(raw, teamId);
      }
      return teamId;
    };
    const keysInFile = new Map<string, { index: number; date: string }[]>();
    const fileMatches: Array<{
      index: number;
      baseKey: string;
      record: MatchRecord;
      date: string;
      score: RawMatch['score'];
    }> = [];
    parsed.forEach((raw, index) => {
      if (!raw) return;
      const date = corrected.get(index) ?? raw.date;
      const placeholder = [raw.team1, raw.team2].find(isPlaceholderTeam);
      if (placeholder) return reject(index, `placeholder team name "${placeholder}" (team not yet known)`);
      const home = teamOf(raw.team1);
      const away = teamOf(raw.team2);
      if (home === away) return reject(index, `team1 and team2 resolve to the same team (${home})`);
      const fixtureKey = `${seasonKey}|${date}|${home}|${away}`;
      const firstSeen = fixturesSeen.get(fixtureKey);
      if (firstSeen && !firstSeen.startsWith(`${file.uri}#`)) {
        return reject(index, `duplicate of ${firstSeen.replace('#', ' ')} (same teams on the same date)`);
      }
      const baseKey = `${code}:${seasonKey}:${fold(raw.round ?? '')}|${fold(raw.stage ?? '')}:${home}:${away}`;
      const sameKey = keysInFile.get(baseKey) ?? [];
      const twin = sameKey.find((s) => s.date === date);
      if (twin)
        return reject(
          index,
          `duplicate of matches[${twin.index}] in the same file (same round, teams and date)`,
        );
      sameKey.push({ index, date });
      keysInFile.set(baseKey, sameKey);
      fixturesSeen.set(fixtureKey, `${file.uri}#matches[${index}]`);
      fileMatches.push({
        index,
        baseKey,
        date,
        record: matchRecord(raw, date, profile, competitionId, seasonId, home, away),
        score: raw.score,
      });
    });

    // Two legs or a replay share round and teams: number them by date so the first keeps the plain key.
    for (const m of fileMatches) {
      const legs = keysInFile
        .get(m.baseKey)!
        .map((s) => s.date)
        .sort();
      const leg = legs.indexOf(m.date) + 1;
      m.record.id = stableId('match', leg > 1 ? `${m.baseKey}:${leg}` : m.baseKey);
    }

    // The score's stages checked (score-check.ts), a second leg's with its tie's aggregate, and a second
    // leg offered with its first leg (first legs first: a rejected one leaves its second leg without a tie).
    const firstLegOf = secondLegs(
      fileMatches.map((m) => ({
        round: `${fold(m.record.round ?? '')}|${fold(m.record.stage ?? '')}`,
        home: m.record.home_team_id,
        away: m.record.away_team_id,
        starts_at: m.record.starts_at,
      })),
    );
    const order = fileMatches
      .map((_, i) => i)
      .sort((a, b) => Number(firstLegOf.has(a)) - Number(firstLegOf.has(b)));
    const kept = new Set<number>();
    for (const i of order) {
      const m = fileMatches[i]!;
      const first = firstLegOf.get(i);
      const firstLeg = first !== undefined && kept.has(first) ? fileMatches[first]!.record : undefined;
      const problem = scoreProblem(
        { ...m.score, final: m.score.et ?? m.score.ft },
        {
          over: m.record.status === 'finished',
          aggregate: firstLeg ? aggregateOf(m.record, firstLeg) : null,
        },
      );
      if (problem) {
        reject(m.index, problem);
        continue;
      }
      kept.add(i);
      if (firstLeg) m.record.first_leg_id = firstLeg.id;
    }
    for (const [i, m] of fileMatches.entries()) {
      if (!kept.has(i)) continue;
      batch.matches.push(m.record);
      outcome.recordIds.push(m.record.id);
    }

    wholeSeasons.set(seasonId, (wholeSeasons.get(seasonId) ?? true) && outcome.rejected === 0);

    if (fileMatches.length > 0) {
      batch.seasons.push({
        id: seasonId,
        competition_id: competitionId,
        key: seasonKey,
        name: seasonName(seasonKey),
      });
      const name = competitionName(doc.name);
      competitions.set(
        code,
        maxBy(
          competitions.get(code),
          competitionRecord(competitionId, profile, name, seasonKey),
          (c) => c.name_season,
        ),
      );
    }
  }

  function resolveTeam(raw: string, profile: CompetitionProfile, seasonKey: string): string {
    const { name, scopes } = teamName(raw, profile);
    const resolved = resolver.resolve(name, scopes);
    const country = resolved.scope === UNSCOPED ? undefined : countryByKey(resolved.scope);
    const candidate: TeamRecord = {
      id: resolved.teamId,
      slug: slug(name),
      name,
      name_season: seasonKey,
      short_name: null,
      country_name: country?.name ?? null,
      country_code: country?.iso2 ?? null,
      logo_url: null,
      search_name: fold(name),
    };
    teams.set(
      resolved.teamId,
      maxBy(teams.get(resolved.teamId), candidate, (t) => `${t.name_season}\u0000${t.name}`),
    );
    // Offered even when already stored, so the alias is credited to the best-ranked source that spells it.
    addAlias(resolved.scope, resolved.aliasKey, name, resolved.teamId, SOURCE);
    const club = `${resolved.scope}\u0000${resolved.canonical ?? ''}\u0000${resolved.teamId}`;
    if (resolved.canonical && !clubsOffered.has(club)) {
      clubsOffered.add(club);
      for (const spelling of resolver.directorySpellings(resolved)) {
        addAlias(resolved.scope, exactNameKey(spelling), spelling, resolved.teamId, CLUB_DIRECTORY);
      }
    }
    return resolved.teamId;
  }

  function addAlias(scope: string, aliasKey: string, alias: string, teamId: string, source: string): void {
    const key = `${scope}\u0000${aliasKey}`;
    // A spelling that is also the directory's canonical name is credited to the better-ranked of the two.
    const offered = aliases.get(key);
    if (!offered || sourceRank(source) < sourceRank(offered.source))
      aliases.set(key, { scope, alias_key: aliasKey, alias, team_id: teamId, source });
  }

  function matchRecord(
    raw: RawMatch,
    date: string,
    profile: CompetitionProfile,
    competitionId: string,
    seasonId: string,
    home: string,
    away: string,
  ): MatchRecord {
    const startsAt = raw.time ? localToUtc(date, raw.time, profile.timezone) : `${date}T00:00:00Z`;
    const kickoffEndsAt = Date.parse(startsAt) + (raw.time ? 0 : DAY_MS);
    return {
      id: '',
      competition_id: competitionId,
      season_id: seasonId,
      round: raw.round,
      stage: raw.stage,
      home_team_id: home,
      away_team_id: away,
      starts_at: startsAt,
      time_known: raw.time ? 1 : 0,
      status: matchStatus(raw.status, raw.score, kickoffEndsAt, now),
      source_status: raw.status,
      ...scoreColumns(raw.score),
      venue_name: null,
      local_date: date,
      source: SOURCE,
    };
  }

  batch.competitions = [...competitions.values()];
  batch.teams = [...teams.values()];
  batch.wholeSeasons = [...wholeSeasons].filter(([, whole]) => whole).map(([id]) => id);
  batch.aliases = [...aliases.values()];
  return batch;
}

function competitionRecord(
  id: string,
  profile: CompetitionProfile,
  name: string,
  seasonKey: string,
): CompetitionRecord {
  return {
    id,
    code: profile.code,
    slug: slugify(name),
    name,
    name_season: seasonKey,
    country_name: profile.country?.name ?? null,
    country_code: profile.country?.iso2 ?? null,
    type: profile.type,
    gender: profile.gender,
    logo_url: null,
    timezone: profile.timezone,
    search_name: foldText(name),
  };
}
