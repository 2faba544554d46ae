/**
 * Points deductions (and additions) that competitions made to their tables, for the competitions and
 * seasons Touchline stores. A computed table adds them to the points its results give.
 *
 * Curated by hand, precision before coverage: every entry was checked against the public report it
 * names, and its team is written as stored (teams.name) for that competition and season. Deductions
 * that could not be checked are listed under "Known gaps" in docs/standings-rules.md instead.
 *
 * Adding one is one line in the table below (see docs/standings-rules.md, "Adding an adjustment"):
 *   adjust('en.2', '2021-22', 'Reading FC', -6, 'why, in a few words', 'https://report.example/...'),
 * Several sanctions of one season get one line each, so each keeps its own reason and reference.
 *
 * No awarded result is listed: every match stored as awarded (source_status 'awarded') already carries
 * the awarded score, except SC Bastia v Olympique Lyonnais (2016-17), whose awarded result kept the 0-0
 * score: the two points lines below give Lyon the win's points and take Bastia's draw point away.
 */
import type { PointsAdjustment, TableAdjustment } from './table-rules.js';

function adjust(
  competition: string,
  season: string,
  team: string,
  points: number,
  reason: string,
  reference: string,
  when?: 'after the split',
): PointsAdjustment {
  const base: PointsAdjustment = { kind: 'points', competition, season, team, points, reason, reference };
  // Taken from the total after a split's halving (Austria), not from the first phase's points.
  return when === undefined ? base : { ...base, afterSplit: true };
}

// One line per adjustment, kept on one line on purpose (prettier would spread each over eight).
// prettier-ignore
export const TABLE_ADJUSTMENTS: readonly TableAdjustment[] = [
  // Premier League
  adjust('en.1', '2023-24', 'Everton FC', -6, 'PSR breach (2021-22): 10 points deducted in November 2023, reduced to 6 on appeal on 26 February 2024', 'https://kstp.com/associated-press/ap-national-sports/evertons-points-deduction-for-breaching-premier-leagues-financial-rules-reduced-from-10-to-6/'),
  adjust('en.1', '2023-24', 'Everton FC', -2, 'second PSR breach (to 2022-23), April 2024; appeal dismissed', 'https://www.liverpoolworld.uk/sport/football/everton/nottingham-forest-discover-fate-in-points-appeal-as-everton-await-decision-4618288'),
  adjust('en.1', '2023-24', 'Nottingham Forest FC', -4, 'PSR breach, March 2024; appeal dismissed', 'https://www.liverpoolworld.uk/sport/football/everton/nottingham-forest-discover-fate-in-points-appeal-as-everton-await-decision-4618288'),

  // Championship
  adjust('en.2', '2011-12', 'Portsmouth FC', -10, 'administration, February 2012', 'http://www.football-league.co.uk/footballleaguenews/20130420/portsmouth-exit-administration_2293334_3150287'),
  adjust('en.2', '2018-19', 'Birmingham City FC', -9, 'breach of the profitability and sustainability rules, 22 March 2019', 'https://www.theguardian.com/football/2019/mar/22/birmingham-city-deducted-nine-points-efl-football-league-financial-breaches'),
  adjust('en.2', '2019-20', 'Wigan Athletic', -12, 'administration (1 July 2020), applied to 2019-20 after the last match; appeal dismissed in August 2020', 'https://www.theguardian.com/football/2020/aug/04/wigan-lose-appeal-against-12-point-deduction-and-drop-into-league-one'),
  adjust('en.2', '2020-21', 'Sheffield Wednesday FC', -6, 'breach of the profitability and sustainability rules: 12 points for 2020-21, reduced to 6 on appeal on 4 November 2020', 'https://www.skysports.com/football/news/11703/12123776/sheffield-wednesdays-points-deduction-halved'),
  adjust('en.2', '2021-22', 'Derby County FC', -12, 'administration, September 2021', 'https://www.independent.co.uk/sport/football/derby-points-deduction-efl-championship-rules-b1958468.html'),
  adjust('en.2', '2021-22', 'Derby County FC', -9, 'breach of the profitability and sustainability rules, 16 November 2021', 'https://www.independent.co.uk/sport/football/derby-points-deduction-efl-championship-rules-b1958468.html'),
  adjust('en.2', '2021-22', 'Reading FC', -6, 'breach of the profitability and sustainability rules, 17 November 2021', 'https://www.thetimes.co.uk/article/reading-docked-six-points-for-breaching-profit-rules-t9z5q62rq'),
  adjust('en.2', '2022-23', 'Reading FC', -6, 'suspended deduction of November 2021 activated for breaking the agreed business plan, 4 April 2023', 'https://www.skysports.com/football/news/11673/12849744/reading-championship-club-plunged-into-relegation-trouble-after-six-point-deduction'),
  adjust('en.2', '2022-23', 'Wigan Athletic', -3, 'late payment of wages: suspended deduction activated, 20 March 2023', 'https://www.sunderlandecho.com/sport/football/sunderland-afc/sunderlands-championship-rivals-wigan-athletic-hit-with-points-deduction-and-possible-further-sanctions-4072176'),
  adjust('en.2', '2022-23', 'Wigan Athletic', -3, 'late payment of March 2023 wages, May 2023 (final total 39 points)', 'https://www.northamptonchron.co.uk/sport/football/wigan-athletic-to-start-202324-league-one-season-with-points-deduction-4150253'),
  adjust('en.2', '2024-25', 'Sheffield United FC', -2, 'defaults on transfer payments to other clubs in 2022-23; applied at the start of 2024-25', 'https://www.sportinglife.com/football/news/sheffield-united-to-start-next-season-on-minus-points-if-relegated-to-sky-bet-championship/217201'),
  adjust('en.2', '2025-26', 'Sheffield Wednesday FC', -12, 'administration, 24 October 2025', 'https://www.thestar.co.uk/sport/football/sheffield-wednesday/sheffield-wednesday-news-efl-5374057'),

  // League One
  adjust('en.3', '2010-11', 'Plymouth Argyle', -10, 'notice of intention to appoint an administrator, 21 February 2011', 'https://www.theguardian.com/football/2011/feb/21/plymouth-argyle-administration-points-deduction'),
  adjust('en.3', '2012-13', 'Coventry City FC', -10, 'administration, 28 March 2013', 'https://www.theguardian.com/football/2013/mar/28/coventry-city-ricoh-arena'),
  adjust('en.3', '2012-13', 'Portsmouth FC', -10, 'exit from administration without a compliant CVA, applied to 2012-13 in April 2013', 'http://www.football-league.co.uk/footballleaguenews/20130420/portsmouth-exit-administration_2293334_3150287'),
  adjust('en.3', '2013-14', 'Coventry City FC', -10, 'failed CVA: condition of the transfer of the club\'s League share, August 2013', 'https://www.theguardian.com/football/2013/aug/02/coventry-city-10-point-deduction'),
  adjust('en.3', '2019-20', 'Bolton Wanderers', -12, 'administration, May 2019, applied from the start of 2019-20', 'https://www.theguardian.com/football/2019/may/13/bolton-wanderers-appoint-administrators-12-point-deduction-league-one-efl'),

  // League Two
  adjust('en.4', '2011-12', 'Port Vale FC', -10, 'administration, March 2012', 'https://en.wikipedia.org/wiki/2011%E2%80%9312_Port_Vale_F.C._season'),
  adjust('en.4', '2013-14', 'AFC Wimbledon', -3, 'ineligible player (Jake Nicholson) against Cheltenham Town on 22 March 2014', 'https://www.fourfourtwo.com/news/wimbledon-docked-points-ineligible-player'),
  adjust('en.4', '2019-20', 'Macclesfield Town', -4, 'unpaid wages and an unfulfilled fixture (Crewe): 7 points with 3 suspended on appeal, March 2020', 'https://www.bbc.co.uk/sport/football/53028810'),
  adjust('en.4', '2019-20', 'Macclesfield Town', -7, 'unfulfilled fixture (Plymouth) and unpaid wages: 4 points plus the 3 suspended ones, 7 May 2020', 'https://www.skysports.com/football/news/36067/11984560/macclesfield-town-given-immediate-seven-point-deduction'),
  adjust('en.4', '2019-20', 'Macclesfield Town', -2, 'unpaid March 2020 wages: suspended deduction activated, June 2020', 'https://www.bbc.co.uk/sport/football/53028810'),
  adjust('en.4', '2019-20', 'Macclesfield Town', -4, 'EFL appeal upheld, 11 August 2020: suspended 4 points applied to 2019-20 (17 in all; the curtailed season was ranked by points per game)', 'https://www.skysports.com/football/news/11095/12047375/macclesfield-town-relegated-stevenage-stay-in-league-two-as-efl-wins-appeal'),

  // Serie A
  adjust('it.1', '2014-15', 'Parma Calcio 1913', -1, 'unpaid taxes and wages, December 2014', 'https://www-origin.eldesmarque.com/futbol/20150416/vuelven-a-castigar-al-parma-por-irregularidades-administrativas_20054227.html?amp=1'),
  adjust('it.1', '2014-15', 'Parma Calcio 1913', -2, 'unpaid wages (July-September 2014), March 2015', 'https://ecodibergamo.it/stories/Sport/parma-due-punti-di-penalizzazionee-sempre-piu-ultimo-a-quota-nove_1109968_11'),
  adjust('it.1', '2014-15', 'Parma Calcio 1913', -4, 'administrative irregularities, April 2015 (7 in all)', 'https://www-origin.eldesmarque.com/futbol/20150416/vuelven-a-castigar-al-parma-por-irregularidades-administrativas_20054227.html?amp=1'),
  adjust('it.1', '2022-23', 'Juventus FC', -10, 'capital gains case: 15 points in January 2023, annulled in April, 10 imposed on 22 May 2023', 'https://www.breakinglatest.news/sports/ten-penalty-points-for-juventus-turin-in-serie-a/'),

  // Ligue 1: Bastia v Lyon (16 April 2017), abandoned at 0-0 and given as lost to Bastia by the LFP without
  // changing the goals; the stored 0-0 counts as a draw, so Lyon gets 2 more points and Bastia 1 fewer.
  adjust('fr.1', '2016-17', 'Olympique Lyonnais', 2, 'SC Bastia v Olympique Lyonnais (16 April 2017, abandoned at 0-0) awarded to Lyon by the LFP on 4 May 2017, goals unchanged: 3 points instead of a draw\'s 1', 'https://corse-sport.corsica/discipline-defaite-sur-tapis-vert-pour-bastia-082930'),
  adjust('fr.1', '2016-17', 'SC Bastia', -1, 'SC Bastia v Olympique Lyonnais (16 April 2017, abandoned at 0-0) lost by penalty (LFP, 4 May 2017), goals unchanged: no draw point', 'https://corse-sport.corsica/discipline-defaite-sur-tapis-vert-pour-bastia-082930'),

  // Eredivisie
  adjust('nl.1', '2023-24', 'SBV Vitesse', -18, 'repeated breaches of the KNVB licensing rules, 19 April 2024', 'https://www.voetbalzone.nl/nieuws/knvb-deelt-immense-puntenstraf-uit-vitesse-officieel-gedegradeerd-/433709'),

  // Austrian Bundesliga (points halved after 22 rounds: see the reasons for which total each applies to)
  adjust('at.1', '2019-20', 'LASK', -4, 'team training during the COVID-19 ban: 6 points (May 2020) reduced to 4 on protest (June 2020), taken from the points after the halving', 'https://www.skysportaustria.at/bundesliga-protestkomitee-reduziert-lask-punkteabzug/', 'after the split'),
  adjust('at.1', '2022-23', 'Austria Wien', -3, 'late audited accounts (licensing): 4 points reduced to 3, applied from the start of 2022-23, before the halving', 'https://sport.orf.at/stories/3097224/'),

  // 3. Liga
  adjust('de.3', '2017-18', 'Rot-Weiß Erfurt', -1, 'breach of the licensing conditions, February 2018', 'https://www.kicker.de/punktabzug-offiziell_drittliga-dino-erfurt-steigt-ab-721041/artikel'),
  adjust('de.3', '2017-18', 'Rot-Weiß Erfurt', -9, 'insolvency application of 13 March 2018', 'https://www.dfb.de/news/detail/punktabzug-fuer-rot-weiss-erfurt-rechtskraeftig-184624/'),
  adjust('de.3', '2017-18', 'Chemnitzer FC', -9, 'insolvency application of 10 April 2018', 'https://www.mdr.de/sport/fussball_3l/chemnitzer-fc-steht-als-dritter-absteiger-fest-100.html'),
];
