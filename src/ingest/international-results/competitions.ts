import type { CompetitionRecord, SeasonRecord } from '../canonical.js';
import { tournamentCompetitionId, tournamentSeasonId } from '../identity/tournament-identity.js';
import { foldText, slugify } from '../../text/fold.js';
import type { SeasonKey } from './seasons.js';
import { knownTournament, type Tournament } from './tournaments.js';

/** A competition as the matches of one tournament name need it. */
export interface Competition extends Tournament {
  competitionId: string;
  /** True when the name is not in the tournament table and the fallback made the competition. */
  fallback: boolean;
}

const QUALIFICATION = / qualification$/;
/** Codes of competitions the table does not list, apart from every listed code. */
const FALLBACK_PREFIX = 'intl.other.';

/**
 * The fallback for a tournament name the table does not list (the source adds tournaments over time): a
 * name ending in " qualification" is the qualification of the competition the rest of the name is
 * (listed or not): code `<that code>.quali`, its confederation and country, seasons by that competition's
 * editions. Any other name is a tournament of its own: code `intl.other.<the name as a slug>`, no
 * confederation or country, seasons by edition.
 */
function fallback(source: string): Tournament {
  if (QUALIFICATION.test(source)) {
    const parent = competitionFor(source.replace(QUALIFICATION, ''));
    return {
      ...parent,
      code: `${parent.code}.quali`,
      name: `${parent.name} qualification`,
      seasons: 'cycle',
    };
  }
  const code = `${FALLBACK_PREFIX}${slugify(source)}`;
  return { code, name: source, type: 'tournament', confederation: null, country: null, seasons: 'edition' };
}

const resolved = new Map<string, Competition>();

export function competitionFor(source: string): Competition {
  let competition = resolved.get(source);
  if (!competition) {
    const listed = knownTournament(source);
    const tournament = listed ?? fallback(source);
    const competitionId = tournamentCompetitionId(tournament.code);
    competition = { ...tournament, competitionId, fallback: !listed };
    resolved.set(source, competition);
  }
  return competition;
}

/**
 * The competitions and seasons a run's matches belong to. A competition's `name_season` is its newest
 * season's key, as the other sources give theirs (the World Cup's newest year).
 */
export class CompetitionBook {
  private readonly competitions = new Map<string, CompetitionRecord>();
  private readonly seasons = new Map<string, SeasonRecord>();
  private readonly seasonIds = new Map<string, string>();
  private readonly counted = new Set<string>();

  /** Records the competition and season of a match; returns the season's ID. */
  add(competition: Competition, season: SeasonKey): string {
    const known = this.seasonIds.get(`${competition.code}\u0000${season.key}`);
    const seasonId = known ?? tournamentSeasonId(competition.code, season.key);
    if (!known) {
      this.seasonIds.set(`${competition.code}\u0000${season.key}`, seasonId);
      this.seasons.set(seasonId, {
        id: seasonId,
        competition_id: competition.competitionId,
        key: season.key,
        name: season.name,
      });
    }
    const stored = this.competitions.get(competition.competitionId);
    if (!stored) this.competitions.set(competition.competitionId, record(competition, season.key));
    else if (season.key > stored.name_season) stored.name_season = season.key;
    return seasonId;
  }

  /** The competition's and the season's ID the first time either is asked for, so each counts once. */
  firstMet(competitionId: string, seasonId: string): string[] {
    const out: string[] = [];
    for (const id of [competitionId, seasonId]) {
      if (this.counted.has(id)) continue;
      this.counted.add(id);
      out.push(id);
    }
    return out;
  }

  competitionRecords(): CompetitionRecord[] {
    return [...this.competitions.values()].sort((a, b) => a.id.localeCompare(b.id));
  }

  seasonRecords(): SeasonRecord[] {
    return [...this.seasons.values()].sort((a, b) => a.id.localeCompare(b.id));
  }
}

function record(competition: Competition, seasonKey: string): CompetitionRecord {
  return {
    id: competition.competitionId,
    code: competition.code,
    slug: slugify(competition.name),
    name: competition.name,
    name_season: seasonKey,
    country_name: competition.country?.name ?? null,
    country_code: competition.country?.code ?? null,
    type: competition.type,
    gender: 'men',
    logo_url: null,
    // The source gives dates only: no kick-off time is ever read in a zone.
    timezone: 'UTC',
    search_name: foldText(competition.name),
    confederation: competition.confederation,
  };
}
