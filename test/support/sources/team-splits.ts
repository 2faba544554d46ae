// Finds clubs that are likely stored as two teams: two club teams of the same country (or one of them
// without a country, or any two countries when their names have the same words) whose names are alike
// and which never played in the same season of a competition.
import type { Kysely } from 'kysely';
import type { Database } from '../../../src/storage/schema.js';
import { foldText } from '../../../src/text/fold.js';

export interface SplitTeam {
  id: string;
  name: string;
  countryCode: string | null;
  /** Every spelling a source used for the team: its name and those of its aliases. */
  spellings: string[];
  /** `<competition code> <season key>` of every season it has a match in. */
  seasons: string[];
}

export interface SplitPair {
  a: SplitTeam;
  b: SplitTeam;
  /** The two spellings that made the pair, and how they are alike. */
  why: string;
}

/**
 * Words that say what kind of club it is (football club, sports association, ...) rather than which
 * club, in the languages the sources use; two spellings of one club often differ only by them.
 */
const CLUB_TYPE_WORDS = new Set(
  (
    'fc afc cf ac sc as ss ssc us usd cd ud sd rc rcd ca cs csd sv fk sk nk hnk gnk bk if ik ' +
    'vfl vfb tsv fsv bsc bv spvgg sg tus ssv kv krc rsc sad fbc cfc ec se sa sp ' +
    'club clube klub calcio football futbol futebol deportivo sport sports de del la le les do da the ' +
    'and y e et 1'
  ).split(' '),
);

/** Words that make a name a club's reserve side. */
const RESERVE_WORDS = new Set(['ii', 'b', 'u19', 'u21', 'u23', 'reserves', 'amateure']);

/** Words of a spelling that name the club: folded, punctuation and club-type words and years removed. */
export function nameWords(spelling: string): string[] {
  const words = foldText(spelling)
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter((w) => w !== '' && !/^\d{4}$/.test(w));
  const kept = words.filter((w) => !CLUB_TYPE_WORDS.has(w));
  return kept.length > 0 ? kept : words;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const substitution = previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min(previous[j]! + 1, current[j - 1]! + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length]!;
}

/** How two spellings are alike ("same words", "words of one within the other", "1 letter apart"), or null. */
export function likeness(x: string, y: string): string | null {
  const a = nameWords(x);
  const b = nameWords(y);
  const joinedA = a.join(' ');
  const joinedB = b.join(' ');
  if (joinedA === joinedB) return 'same words';
  const setA = new Set(a);
  const setB = new Set(b);
  const [small, large] = setA.size <= setB.size ? [setA, setB] : [setB, setA];
  if ([...small].every((w) => large.has(w))) {
    // "Rapid Wien II", "FC Barcelona B": the reserve side is a team of its own.
    const extra = [...large].filter((w) => !small.has(w));
    return extra.every((w) => RESERVE_WORDS.has(w)) ? null : 'words of one within the other';
  }
  const distance = editDistance(joinedA, joinedB);
  const longest = Math.max(joinedA.length, joinedB.length);
  if (distance <= Math.max(2, Math.floor(longest / 5))) {
    return `${distance} letter${distance === 1 ? '' : 's'} apart`;
  }
  return null;
}

const CLUB_DIRECTORY = 'openfootball/clubs';

/** Club teams (teams without a national-team alias) with their names, sources' spellings and seasons. */
async function clubTeams(db: Kysely<Database>): Promise<SplitTeam[]> {
  const teams = await db.selectFrom('teams').select(['id', 'name', 'country_code']).execute();
  const aliases = await db
    .selectFrom('team_aliases')
    .select(['team_id', 'alias', 'scope', 'source'])
    .execute();
  const played = await db
    .selectFrom('matches')
    .innerJoin('competitions', 'competitions.id', 'matches.competition_id')
    .innerJoin('seasons', 'seasons.id', 'matches.season_id')
    .select(['matches.home_team_id', 'matches.away_team_id', 'competitions.code', 'seasons.key'])
    .distinct()
    .execute();
  const national = new Set(aliases.filter((a) => a.scope.startsWith('national:')).map((a) => a.team_id));
  const spellings = new Map<string, Set<string>>();
  // The spellings the sources used: the club directory's other spellings are many, and say nothing
  // about how the sources split a club.
  for (const a of aliases.filter((alias) => alias.source !== CLUB_DIRECTORY)) {
    const set = spellings.get(a.team_id) ?? new Set<string>();
    set.add(a.alias);
    spellings.set(a.team_id, set);
  }
  const seasons = new Map<string, Set<string>>();
  for (const m of played) {
    for (const id of [m.home_team_id, m.away_team_id]) {
      const set = seasons.get(id) ?? new Set<string>();
      set.add(`${m.code} ${m.key}`);
      seasons.set(id, set);
    }
  }
  return teams
    .filter((t) => !national.has(t.id))
    .map((t) => ({
      id: t.id,
      name: t.name,
      countryCode: t.country_code,
      spellings: [...new Set([t.name, ...(spellings.get(t.id) ?? [])])].sort(),
      seasons: [...(seasons.get(t.id) ?? [])].sort(),
    }));
}

/**
 * Every pair of club teams that may be one club: same country (or one without a country), a spelling of
 * one alike a spelling of the other (of two countries: with the same words), and no season of a
 * competition in which both played.
 */
export async function findTeamSplits(db: Kysely<Database>): Promise<SplitPair[]> {
  const teams = (await clubTeams(db)).sort(
    (x, y) => x.name.localeCompare(y.name) || x.id.localeCompare(y.id),
  );
  const pairs: SplitPair[] = [];
  for (let i = 0; i < teams.length; i += 1) {
    const a = teams[i]!;
    const seasonsOfA = new Set(a.seasons);
    for (let j = i + 1; j < teams.length; j += 1) {
      const b = teams[j]!;
      if (b.seasons.some((s) => seasonsOfA.has(s))) continue;
      const sameCountry = a.countryCode === null || b.countryCode === null || a.countryCode === b.countryCode;
      const why = alike(a, b, sameCountry);
      if (why) pairs.push({ a, b, why });
    }
  }
  return pairs;
}

/** Teams of two countries are alike only when a spelling of each has the same words (AS Monaco). */
function alike(a: SplitTeam, b: SplitTeam, sameCountry: boolean): string | null {
  for (const x of a.spellings) {
    for (const y of b.spellings) {
      const how = likeness(x, y);
      if (how && (sameCountry || how === 'same words')) return `"${x}" ~ "${y}": ${how}`;
    }
  }
  return null;
}
