import type { CompetitionRecord, SeasonRecord } from '../canonical.js';
import { TOURNAMENTS, tournamentCompetitionId, tournamentSeasonId } from '../identity/tournament-identity.js';
import { foldText, slugify } from '../../text/fold.js';

/** The worldcup.json files this adapter reads, by name within their `<year>/` folder. */
export type FileKind = 'worldcup' | 'quali-playoffs' | 'club-worldcup' | 'squads';

export const FILE_KINDS: Record<string, FileKind> = {
  'worldcup.json': 'worldcup',
  'worldcup.quali_playoffs.json': 'quali-playoffs',
  'clubworldcup.json': 'club-worldcup',
  'worldcup.squads.json': 'squads',
};

/** What a file's matches belong to and how its times are read. */
export interface Edition {
  code: string;
  name: string;
  seasonKey: string;
  competitionId: string;
  seasonId: string;
  /** The zone the competition's local times are read in (competitions.timezone). */
  timezone: string;
  /** Minutes east of UTC for times given without a zone; null: such times are not trusted. */
  zonelessOffset: number | null;
  /** Teams are clubs named "Club (EGY)" rather than national teams. */
  clubs: boolean;
}

/**
 * Times without a zone, per edition: 2010 (South Africa, SAST, UTC+2 all year), 2022 (Qatar, AST,
 * UTC+3 all year) and the 2025 Club World Cup (US Eastern, EDT throughout its 31 May - 13 July span)
 * give local times. Any other zoneless edition keeps its dates only, with a note.
 */
const ZONELESS_OFFSETS: Record<string, number> = {
  'worldcup:2010': 120,
  'worldcup:2022': 180,
  'club-worldcup:2025': -240,
};

// The play-offs are the last round of the World Cup qualification, which the international results also
// describe (every round): the same competition, under its name there.
const QUALIFICATION = { code: 'fifa.wc.quali', name: 'FIFA World Cup qualification' };
// Not in TOURNAMENTS: no other source describes it yet.
const CLUB_WORLD_CUP = { code: 'fifa.cwc', name: 'FIFA Club World Cup' };

/**
 * `<year>/worldcup.json` (and its squads) is that year's men's World Cup; the qualification play-offs
 * file is a competition of its own ("fifa.wc.quali", season = the World Cup's year), since qualifiers
 * are not World Cup matches; `clubworldcup.json` is the FIFA Club World Cup of that year.
 */
export function editionOf(kind: FileKind, year: string): Edition {
  const { code, name } =
    kind === 'quali-playoffs'
      ? QUALIFICATION
      : kind === 'club-worldcup'
        ? CLUB_WORLD_CUP
        : TOURNAMENTS.mensWorldCup;
  const clubs = kind === 'club-worldcup';
  return {
    code,
    name,
    seasonKey: year,
    competitionId: tournamentCompetitionId(code),
    seasonId: tournamentSeasonId(code, year),
    timezone: clubs ? 'America/New_York' : 'UTC',
    zonelessOffset: ZONELESS_OFFSETS[`${kind === 'squads' ? 'worldcup' : kind}:${year}`] ?? null,
    clubs,
  };
}

export function competitionRecord(edition: Edition): CompetitionRecord {
  return {
    id: edition.competitionId,
    code: edition.code,
    slug: slugify(edition.name),
    name: edition.name,
    name_season: edition.seasonKey,
    country_name: null,
    country_code: null,
    confederation: 'FIFA',
    type: 'tournament',
    gender: 'men',
    logo_url: null,
    timezone: edition.timezone,
    search_name: foldText(edition.name),
  };
}

export function seasonRecord(edition: Edition): SeasonRecord {
  return {
    id: edition.seasonId,
    competition_id: edition.competitionId,
    key: edition.seasonKey,
    name: edition.seasonKey,
  };
}
