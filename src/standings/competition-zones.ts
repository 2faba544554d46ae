/**
 * Table zones of the stored leagues, one line per competition and era (types, and how they become
 * descriptions, in table-zones.ts; what is left out and why in docs/standings-rules.md, "Zones").
 * Each era names the public page it was taken from.
 *
 * Precision before coverage: a competition or season not listed has no descriptions. Seasons whose
 * outcome the final table did not decide are gaps between eras on purpose (2019-20 seasons cut short
 * and ranked by points per game, or abandoned without relegation), and so are places whose outcome
 * depends on more than the position, such as Serie B's play-offs, held only within a gap in points.
 *
 * Season keys compare by their starting year, `from` and `until` inclusive, as in competition-rules.ts.
 */
import { startYear } from './competition-rules.js';
import type { TableZone, ZoneDescription, ZoneEra } from './table-zones.js';

const zone =
  (description: ZoneDescription) =>
  (from: number, to = from): TableZone => ({ from, to, description });
const up = zone('Promotion');
const upPlayOff = zone('Promotion play-offs');
const downPlayOff = zone('Relegation play-offs');
const down = zone('Relegation');
const CHAMPIONS = zone('Champions')(1);

const wiki = (page: string): string => `https://en.wikipedia.org/wiki/${page}`;

type Entry = ZoneEra & { competition: string };

function era(
  competition: string,
  from: string,
  until: string | undefined,
  teams: number,
  zones: TableZone[],
  reference: string,
): Entry {
  return until === undefined
    ? { competition, from, teams, zones, reference }
    : { competition, from, until, teams, zones, reference };
}

const PL = wiki('2023%E2%80%9324_Premier_League');
const L1_BARRAGE = wiki('Ligue_1_relegation/promotion_play-offs');
const L2_PLAY_OFFS =
  'https://www.francetvinfo.fr/sports/foot/ligue-2/ligue-2-ultime-bagarre-pour-les-barrages-lors-de-la-38e-journee_4403379.html';
const L2_REFORM =
  'https://maligue2.fr/2023/08/01/pourquoi-il-y-aura-encore-4-descentes-en-ligue-2-en-2023-2024';
const PT_PLAY_OFF =
  'https://maisfutebol.iol.pt/assembleia-geral-liga/28-07-2020/clubes-aprovam-em-ag-play-off-entre-o-antepenultimo-da-liga-e-o-terceiro-da-ii-liga';

// One line per era, kept on one line on purpose (prettier would spread each over eight).
// prettier-ignore
export const ZONE_ERAS: readonly Entry[] = [
  // England. The Premier League went from 22 clubs to 20 for 1995-96, relegating four in 1994-95. The EFL
  // divisions since they took their names (2004-05); League One and League Two of 2019-20 were ended
  // early and ranked by points per game, League One with 23 clubs and League Two relegating one club
  // (nbcsports.com, 21 May 2020; standard.co.uk, June 2020): left out.
  era('en.1', '1992-93', '1993-94', 22, [CHAMPIONS, down(20, 22)], wiki('1993%E2%80%9394_FA_Premier_League')),
  era('en.1', '1994-95', '1994-95', 22, [CHAMPIONS, down(19, 22)], wiki('1994%E2%80%9395_FA_Premier_League')),
  era('en.1', '1995-96', undefined, 20, [CHAMPIONS, down(18, 20)], PL),
  era('en.2', '2004-05', undefined, 24, [up(1, 2), upPlayOff(3, 6), down(22, 24)], wiki('2023%E2%80%9324_EFL_Championship')),
  era('en.3', '2004-05', '2018-19', 24, [up(1, 2), upPlayOff(3, 6), down(21, 24)], wiki('2023%E2%80%9324_EFL_League_One')),
  era('en.3', '2020-21', undefined, 24, [up(1, 2), upPlayOff(3, 6), down(21, 24)], wiki('2023%E2%80%9324_EFL_League_One')),
  era('en.4', '2004-05', '2018-19', 24, [up(1, 3), upPlayOff(4, 7), down(23, 24)], wiki('2023%E2%80%9324_EFL_League_Two')),
  era('en.4', '2020-21', undefined, 24, [up(1, 3), upPlayOff(4, 7), down(23, 24)], wiki('2023%E2%80%9324_EFL_League_Two')),

  // Spain. Segunda's play-off for places 3-6 began in 2010-11; its reserve teams (below) cannot go up.
  era('es.1', '2010-11', undefined, 20, [CHAMPIONS, down(18, 20)], wiki('2023%E2%80%9324_La_Liga')),
  era('es.2', '2010-11', undefined, 22, [up(1, 2), upPlayOff(3, 6), down(19, 22)], wiki('Segunda_Divisi%C3%B3n')),

  // Italy. Serie B's play-offs (3rd to 8th) and play-out (the two places above the last three) are held
  // only within gaps in points that changed over the years (10, then 14 points between 3rd and 4th, a
  // margin of 14 for 6th to 8th, under 5 for the play-out): not zones. Serie B 2018-19 had 19 clubs.
  era('it.1', '2004-05', undefined, 20, [CHAMPIONS, down(18, 20)], wiki('2023%E2%80%9324_Serie_A')),
  era('it.2', '2013-14', '2017-18', 22, [up(1, 2), down(20, 22)], 'https://pianetaempoli.it/la-serie-b-pronta-a-tornare-a-20-squadre'),
  era('it.2', '2019-20', undefined, 20, [up(1, 2), down(18, 20)], 'https://calciowebpuglia.it/serie-b-2023-2024/'),

  // Germany. Relegation play-offs (16th v 3rd of the division below) since 2008-09. The 3. Liga relegates
  // four from 2018-19, three before; its reserve teams (below) cannot go up.
  era('de.1', '2008-09', undefined, 18, [CHAMPIONS, downPlayOff(16), down(17, 18)], wiki('2023%E2%80%9324_Bundesliga')),
  era('de.2', '2008-09', undefined, 18, [up(1, 2), upPlayOff(3), downPlayOff(16), down(17, 18)], wiki('2023%E2%80%9324_2._Bundesliga')),
  era('de.3', '2008-09', '2017-18', 20, [up(1, 2), upPlayOff(3), down(18, 20)], wiki('2017%E2%80%9318_3._Liga')),
  era('de.3', '2018-19', undefined, 20, [up(1, 2), upPlayOff(3), down(17, 20)], 'https://de.wikipedia.org/wiki/3._Fu%C3%9Fball-Liga_2018/19'),

  // France. Ligue 1: the barrage (18th v Ligue 2) from 2016-17; four relegated in 2022-23 to go down to 18
  // clubs, then the barrage for 16th. Ligue 2: three up and three down to 2015-16; in 2016-17 3rd in the
  // barrage and 18th against National's 3rd (a first); play-offs for 3rd to 5th from 2017-18; four down in
  // 2022-23 and 2023-24 to go down to 18 clubs. 2019-20 was ended early (points per game, no barrage).
  era('fr.1', '2002-03', '2015-16', 20, [CHAMPIONS, down(18, 20)], wiki('2015%E2%80%9316_Ligue_1')),
  era('fr.1', '2016-17', '2018-19', 20, [CHAMPIONS, downPlayOff(18), down(19, 20)], L1_BARRAGE),
  era('fr.1', '2020-21', '2021-22', 20, [CHAMPIONS, downPlayOff(18), down(19, 20)], L1_BARRAGE),
  era('fr.1', '2022-23', '2022-23', 20, [CHAMPIONS, down(17, 20)], 'https://www.skysports.com/football/news/11800/12324041/ligue-1-french-top-tier-reduced-to-18-teams-from-2023-24-season'),
  era('fr.1', '2023-24', undefined, 18, [CHAMPIONS, downPlayOff(16), down(17, 18)], 'https://www.devdiscourse.com/article/sports-games/1599045-soccer-lfp-votes-to-reduce-ligue-1-to-18-clubs-from-2023-24-season'),
  era('fr.2', '2002-03', '2015-16', 20, [up(1, 3), down(18, 20)], wiki('2015%E2%80%9316_Ligue_2')),
  era('fr.2', '2016-17', '2016-17', 20, [up(1, 2), upPlayOff(3), downPlayOff(18), down(19, 20)], 'https://maligue2.fr/2017/05/19/red-star-national-orleans-barrages-contre-paris-fc/'),
  era('fr.2', '2017-18', '2018-19', 20, [up(1, 2), upPlayOff(3, 5), downPlayOff(18), down(19, 20)], L2_PLAY_OFFS),
  era('fr.2', '2020-21', '2021-22', 20, [up(1, 2), upPlayOff(3, 5), downPlayOff(18), down(19, 20)], L2_PLAY_OFFS),
  era('fr.2', '2022-23', '2022-23', 20, [up(1, 2), down(17, 20)], L2_REFORM),
  era('fr.2', '2023-24', '2023-24', 20, [up(1, 2), upPlayOff(3, 5), down(17, 20)], L2_REFORM),
  era('fr.2', '2024-25', undefined, 18, [up(1, 2), upPlayOff(3, 5), downPlayOff(16), down(17, 18)], 'https://www.lequotidiendusport.fr/2024-2025-tout-savoir-sur-la-ligue-2-en-10-questions/'),

  // Netherlands. To 2018-19 the last club went down and 16th and 17th played off (earlier seasons are not
  // stored and were not checked); two down and 16th in the play-offs from 2019-20 (nrc.nl, 22 May 2019), a
  // season abandoned in April 2020 without a champion or relegation.
  era('nl.1', '2018-19', '2018-19', 18, [CHAMPIONS, downPlayOff(16, 17), down(18)], 'https://www.nu.nl/voetbal/5903415/eredivisie-kent-vanaf-volgend-seizoen-twee-rechtstreekse-degradanten.html'),
  era('nl.1', '2020-21', undefined, 18, [CHAMPIONS, downPlayOff(16), down(17, 18)], 'https://www.nrc.nl/nieuws/2019/05/22/eredivisie-voert-verandering-door-laatste-twee-clubs-degraderen-direct-a3961095'),

  // Portugal (18 clubs since 2014-15): 16th plays the 3rd of the second division from 2020-21 (the Liga's
  // general assembly of 28 July 2020).
  era('pt.1', '2014-15', '2019-20', 18, [CHAMPIONS, down(17, 18)], PT_PLAY_OFF),
  era('pt.1', '2020-21', undefined, 18, [CHAMPIONS, downPlayOff(16), down(17, 18)], PT_PLAY_OFF),

  // Switzerland (10 clubs): the barrage of 9th against the Challenge League's runner-up came back for
  // 2018-19 (tdg.ch, May 2018). 2022-23, the last season before 12 clubs and a split, was not checked.
  era('ch.1', '2012-13', '2017-18', 10, [CHAMPIONS, down(10)], wiki('2014%E2%80%9315_Swiss_Super_League')),
  era('ch.1', '2018-19', '2021-22', 10, [CHAMPIONS, downPlayOff(9), down(10)], wiki('2018%E2%80%9319_Swiss_Super_League')),

  // Brazil: Série A and Série B, 20 clubs each since 2006, four up and four down.
  era('br.1', '2006', undefined, 20, [CHAMPIONS, down(17, 20)], wiki('2025_Campeonato_Brasileiro_S%C3%A9rie_A')),
  era('br.2', '2006', undefined, 20, [up(1, 4), down(17, 20)], wiki('2025_Campeonato_Brasileiro_S%C3%A9rie_B')),
];

/**
 * Reserve teams the league's rules bar from promotion (as stored, or an alias): in Spain a B team cannot
 * play in its first team's division (Barcelona B were third in Segunda 2013-14), in Germany no reserve team
 * plays above the 3. Liga (Bayern II were first in 2019-20). Their places pass to the teams below.
 */
export const ZONE_RESERVE_TEAMS: Readonly<Record<string, readonly string[]>> = {
  'es.2': ['FC Barcelona B', 'Real Madrid Castilla', 'Athletic Club B', 'Real Sociedad B'],
  'de.3': [
    'VfB Stuttgart II',
    '1. FSV Mainz 05 II',
    'Borussia Dortmund II',
    'Werder Bremen II',
    'Bayern München II',
  ],
};

/**
 * The zones of a competition's season and the reserve teams barred from its upward zones; `era` is
 * undefined where no era holds the season, and the table then has no descriptions.
 */
export function zonesFor(
  competition: string,
  season: string,
): { era?: ZoneEra; reserveTeams: readonly string[] } {
  const reserveTeams = ZONE_RESERVE_TEAMS[competition] ?? [];
  const year = startYear(season);
  if (Number.isNaN(year)) return { reserveTeams };
  const era = ZONE_ERAS.find(
    (e) =>
      e.competition === competition &&
      (e.from === undefined || year >= startYear(e.from)) &&
      (e.until === undefined || year <= startYear(e.until)),
  );
  return era === undefined ? { reserveTeams } : { era, reserveTeams };
}
