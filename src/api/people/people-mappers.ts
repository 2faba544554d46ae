import { SOURCE_NAMES } from '../../provenance/sources.js';
import type { CoachTable, PlayerTable, RefereeTable, VenueTable } from '../../storage/schema.js';
import { PLAYER_POSITIONS, type PlayerPosition } from '../../vocabulary/people.js';

/** People and places as the API serves them: their routes and the change feed (one serializer each). */

/** Sources of national teams' players: the team a player was named for is their nationality. */
const NATIONAL_SOURCES = new Set<string>([SOURCE_NAMES.fjelstul, SOURCE_NAMES.worldcupJson]);

const genderOf = (g: string | null): 'men' | 'women' | null => (g === 'men' || g === 'women' ? g : null);

export function toPlayer(row: PlayerTable, teams: ReadonlyArray<{ id: string; name: string }>) {
  const positions = (row.positions ?? '')
    .split(',')
    .filter((p): p is PlayerPosition => (PLAYER_POSITIONS as readonly string[]).includes(p));
  return {
    id: row.id,
    name: row.name,
    known_as: row.known_as,
    given_name: row.given_name,
    family_name: row.family_name,
    date_of_birth: row.date_of_birth,
    gender: genderOf(row.gender),
    nationality: NATIONAL_SOURCES.has(row.source) && teams.length > 0 ? teams[0]!.name : null,
    positions,
    teams: [...teams],
    sources: [row.source],
  };
}

export function toCoach(row: CoachTable) {
  return {
    id: row.id,
    name: row.name,
    given_name: row.given_name,
    family_name: row.family_name,
    country: row.country_name,
    gender: genderOf(row.gender),
    source: row.source,
  };
}

export function toReferee(row: RefereeTable) {
  return {
    id: row.id,
    name: row.name,
    given_name: row.given_name,
    family_name: row.family_name,
    country: row.country_name,
    confederation: row.confederation,
    gender: genderOf(row.gender),
    source: row.source,
  };
}

export function toVenue(row: VenueTable) {
  return {
    id: row.id,
    name: row.name,
    city: row.city,
    country: row.country,
    capacity: row.capacity,
    source: row.source,
  };
}
