import type { CompetitionRecord, SeasonRecord } from '../canonical.js';
import { TOURNAMENTS, tournamentCompetitionId, tournamentSeasonId } from '../identity/tournament-identity.js';
import { foldText, slugify } from '../../text/fold.js';
import { RowError } from './csv-sheet.js';

/** One World Cup edition as the rest of the adapter needs it. */
export interface Edition {
  code: string;
  /** The season key: the tournament's year ("2022"). */
  year: string;
  women: boolean;
  competitionId: string;
  seasonId: string;
}

const TOURNAMENT_ID = /^WC-(\d{4})$/;

/**
 * Competitions and seasons, made from the tournament ID and name every table carries: a name containing
 * "Women's" is the Women's World Cup (`fifa.wwc`), any other the men's (`fifa.wc`), with the same IDs
 * every source derives for them.
 */
export class Tournaments {
  private readonly competitions = new Map<string, CompetitionRecord>();
  private readonly seasons = new Map<string, SeasonRecord>();
  private readonly editions = new Map<string, Edition>();

  /** The edition a row belongs to; its season and competition records are created on first use. */
  edition(tournamentId: string, tournamentName: string): Edition {
    const key = `${tournamentId}|${tournamentName}`;
    let edition = this.editions.get(key);
    if (!edition) this.editions.set(key, (edition = this.create(tournamentId, tournamentName)));
    return edition;
  }

  private create(tournamentId: string, tournamentName: string): Edition {
    const m = TOURNAMENT_ID.exec(tournamentId);
    if (!m) throw new RowError(`tournament_id "${tournamentId}" is not WC-<year>`);
    const year = m[1]!;
    const women = /women's/i.test(tournamentName);
    const t = women ? TOURNAMENTS.womensWorldCup : TOURNAMENTS.mensWorldCup;
    const competitionId = tournamentCompetitionId(t.code);
    const seasonId = tournamentSeasonId(t.code, year);
    if (!this.competitions.has(competitionId)) {
      this.competitions.set(competitionId, {
        id: competitionId,
        code: t.code,
        slug: slugify(t.name),
        name: t.name,
        name_season: year,
        country_name: null,
        country_code: null,
        confederation: 'FIFA',
        type: 'tournament',
        gender: t.gender,
        logo_url: null,
        timezone: 'UTC',
        search_name: foldText(t.name),
      });
    }
    const competition = this.competitions.get(competitionId)!;
    if (year > competition.name_season) competition.name_season = year;
    if (!this.seasons.has(seasonId)) {
      this.seasons.set(seasonId, { id: seasonId, competition_id: competitionId, key: year, name: year });
    }
    return { code: t.code, year, women, competitionId, seasonId };
  }

  competitionRecords(): CompetitionRecord[] {
    return [...this.competitions.values()];
  }

  seasonRecords(): SeasonRecord[] {
    return [...this.seasons.values()].sort((a, b) => a.id.localeCompare(b.id));
  }
}
