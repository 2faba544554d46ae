import type { TeamRecord } from '../canonical.js';
import { foldText, slugify } from '../../text/fold.js';
import type { NationalTeam } from './national-teams.js';

const WOMEN_SUFFIX = / \(women\)$/;

/**
 * The row every source offers for a national team: the table's name for it today, and `name_season`
 * fixed ('0000'), so that whichever source stores the team last stores the same row. The country is the
 * team's name without the "(women)" of a women's team.
 */
export function nationalTeamRecord(team: NationalTeam): TeamRecord {
  return {
    id: team.teamId,
    slug: slugify(team.name),
    name: team.name,
    name_season: '0000',
    short_name: null,
    country_name: team.name.replace(WOMEN_SUFFIX, ''),
    country_code: team.iso2,
    logo_url: null,
    search_name: foldText(team.name),
  };
}
