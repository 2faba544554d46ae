/**
 * Points and tiebreakers of each stored competition, by era (see table-rules.ts for the types and
 * docs/standings-rules.md for what a computed table can and cannot show).
 *
 * Each era names the public page its rules were taken from. Where a rule was checked against another
 * page as well, or could not be checked, a comment says so. Criteria that results cannot show (fair
 * play, disciplinary points, coefficients, drawing of lots, play-offs, coin tosses) are in `finally`,
 * and so is every criterion that comes after one of them, since it can only apply once that one is
 * settled.
 *
 * Season keys compare by their starting year: "2023-24" is 2023, "1994" is 1994.
 */
import { GD_GF, H2H, rules, splitting, wiki } from './rule-builders.js';
import { BELGIUM, CZECHIA, EGYPT, GREECE } from './split-leagues.js';
import type { CompetitionRules, TableRules, TableSplit, Tiebreaker } from './table-rules.js';

/**
 * Rules of a competition this file does not know (or a season outside its known eras): 3 points for a
 * win, 1 for a draw, then goal difference and goals scored. The API says when a table was ranked by
 * them (`rulesFor` answers `known: false`). Documented in docs/standings-rules.md, "Default rules".
 */
export const DEFAULT_RULES: TableRules = {
  pointsForWin: 3,
  pointsForDraw: 1,
  tiebreakers: ['goal_difference', 'goals_for'],
  finally: 'not known: the competition (or the season) has no rules in Touchline, so the default applies',
  reference: 'docs/standings-rules.md#default-rules',
};

// ---------------------------------------------------------------------------------------------------
// England
// ---------------------------------------------------------------------------------------------------

/**
 * Premier League. Head-to-head (points, then away goals, in the matches between the clubs) came in for
 * 2019-20; checked against reports of the Premier League's announcement of July 2019 (The Star, Kenya,
 * 2019-07-17; Sky Sports via vbetnews). Both it and the play-off only apply where the title, a European
 * place or relegation is at stake: elsewhere the clubs share the place.
 */
const PREMIER_LEAGUE: CompetitionRules = {
  competition: 'en.1',
  eras: [
    {
      until: '2018-19',
      rules: rules(
        GD_GF,
        wiki('2018%E2%80%9319_Premier_League'),
        'a play-off on neutral ground where the title, a European place or relegation is at stake; otherwise the clubs share the place',
      ),
    },
    {
      from: '2019-20',
      rules: rules(
        [...GD_GF, 'head_to_head_points', 'head_to_head_away_goals'],
        wiki('2023%E2%80%9324_Premier_League'),
        'a play-off on neutral ground; head-to-head and the play-off only apply where the title, a European place or relegation is at stake, otherwise the clubs share the place',
      ),
    },
  ],
};

/**
 * EFL (Championship, League One, League Two): goal difference, then goals scored (third-party guides of
 * recent seasons agree). What follows for clubs still level, where promotion, a play-off place or
 * relegation is at stake, could not be checked here: some guides name the results between the clubs,
 * others a play-off.
 */
const efl = (competition: string, page: string): CompetitionRules => ({
  competition,
  eras: [
    {
      rules: rules(
        GD_GF,
        wiki(page),
        'where promotion, a play-off place or relegation is at stake, the EFL regulations decide (results between the clubs or a play-off; not verified here)',
      ),
    },
  ],
});

// ---------------------------------------------------------------------------------------------------
// Spain, Italy, Germany, France
// ---------------------------------------------------------------------------------------------------

/**
 * LaLiga and Segunda: head-to-head first (for two clubs the points, then the aggregate score of their
 * two matches, away goals not counted; for more, a mini-table of points, goal difference and goals),
 * then goal difference and goals scored. Checked against third-party explanations of the RFEF rules
 * (tigerscores, 2024-25); the last criterion is a fair-play ranking.
 */
const spain = (competition: string, page: string): CompetitionRules => ({
  competition,
  eras: [
    {
      rules: rules([...H2H, ...GD_GF], wiki(page), 'the fair-play ranking (fewest disciplinary points)'),
    },
  ],
});

/**
 * Serie A: the "classifica avulsa" (points, then goal difference, in the matches between the clubs
 * level), then goal difference and goals scored, then lots. From 2022-23 a tie on points for the title,
 * or for 17th place, is settled by a play-off instead (one match for the title; two legs for relegation
 * from 2023-24). Checked against lanotiziasportiva.com (2024-25), gianlucadimarzio.com (2023-24) and
 * pianetaempoli.it (2025). Whether the play-off still applies in 2025-26 was not checked.
 */
const SERIE_A: CompetitionRules = {
  competition: 'it.1',
  eras: [
    {
      until: '2021-22',
      rules: rules(
        ['head_to_head_points', 'head_to_head_goal_difference', ...GD_GF],
        wiki('2018%E2%80%9319_Serie_A'),
        'a drawing of lots',
      ),
    },
    {
      from: '2022-23',
      rules: rules(
        ['head_to_head_points', 'head_to_head_goal_difference', ...GD_GF],
        wiki('2022%E2%80%9323_Serie_A'),
        'a drawing of lots; but two clubs level on points for first place, or for 17th place (relegation), play off instead (one match for the title; two legs for relegation from 2023-24), the mini-table only choosing who plays at home',
      ),
    },
  ],
};

/** Serie B: the same classifica avulsa as Serie A (not checked separately for Serie B). */
const SERIE_B: CompetitionRules = {
  competition: 'it.2',
  eras: [
    {
      rules: rules(
        ['head_to_head_points', 'head_to_head_goal_difference', ...GD_GF],
        wiki('2023%E2%80%9324_Serie_B'),
        'a drawing of lots; promotion play-offs and the relegation play-out are not part of the table',
      ),
    },
  ],
};

/**
 * DFL (Bundesliga, 2. Bundesliga): goal difference, goals scored, the aggregate score of the two matches
 * between the clubs, away goals in those matches, away goals in the season, then a deciding match.
 * Checked against bundesliga.com and sportschau.de (2023). The head-to-head criteria only apply once both
 * matches are played: until then clubs level on goal difference and goals share the place.
 */
const dfl = (competition: string): CompetitionRules => ({
  competition,
  eras: [
    {
      rules: rules(
        [...GD_GF, 'head_to_head_goal_difference', 'head_to_head_away_goals', 'away_goals_for'],
        'https://www.bundesliga.com/de/bundesliga/news/meisterschaft-bundesliga-punkt-tor-gleich-kriterien-torverhaltnis-direkter-vergleich-2921',
        'a deciding match on neutral ground (head-to-head only counts once both matches between the clubs are played)',
      ),
    },
  ],
});

/** 3. Liga (DFB): assumed to follow the DFL order; not verified. */
const DRITTE_LIGA: CompetitionRules = {
  competition: 'de.3',
  eras: [
    {
      rules: rules(
        [...GD_GF, 'head_to_head_goal_difference', 'head_to_head_away_goals', 'away_goals_for'],
        wiki('2019%E2%80%9320_3._Liga'),
        'a deciding match (the DFB order after goals scored was not verified)',
      ),
    },
  ],
};

/**
 * LFP (Ligue 1, Ligue 2). Up to 2016-17 goal difference then goals scored (the 2015-16 Ligue 2 case of
 * Le Havre and Metz, settled on goals scored despite Le Havre's better head-to-head, led to the change
 * of 2017; lequotidiendusport.fr). Whether the new order began in 2016-17 or in 2017-18 was not checked:
 * 2017-18 is assumed. From 2017-18: goal difference, then the matches between the clubs (points, goal
 * difference, goals, away goals), goals scored, away goals, fair play (maligue2.fr and tribunenantaise.fr,
 * article 518 ter, 2023-24). From 2025-26 the away-goals criteria are gone and wins come in (goal.com,
 * olympique-et-lyonnais.com, August 2025).
 */
const lfp = (competition: string, league: string): CompetitionRules => ({
  competition,
  eras: [
    {
      until: '2016-17',
      rules: rules(
        GD_GF,
        wiki(`2015%E2%80%9316_${league}`),
        'further LFP criteria of the time (not verified)',
      ),
    },
    {
      from: '2017-18',
      until: '2024-25',
      rules: rules(
        ['goal_difference', ...H2H, 'head_to_head_away_goals', 'goals_for', 'away_goals_for'],
        wiki(`2023%E2%80%9324_${league}`),
        'the fair-play ranking (disciplinary points)',
      ),
    },
    {
      from: '2025-26',
      rules: rules(
        [
          'goal_difference',
          'head_to_head_points',
          'head_to_head_goal_difference',
          'goals_for',
          'wins',
          'away_wins',
        ],
        wiki(`2025%E2%80%9326_${league}`),
        'fewest disciplinary points (yellow card 1, red card 3), then a drawing of lots',
      ),
    },
  ],
});

// ---------------------------------------------------------------------------------------------------
// Rest of Europe
// ---------------------------------------------------------------------------------------------------

/**
 * Liga Portugal, article 17: the matches between the clubs (points, goal difference; away goals until
 * 2020-21), then goal difference, wins and goals scored. Away goals were dropped for 2021-22 (abola.pt,
 * maisfutebol.iol.pt 2023; record.pt 2020 quotes the older text).
 */
const PRIMEIRA_LIGA: CompetitionRules = {
  competition: 'pt.1',
  eras: [
    {
      until: '2020-21',
      rules: rules(
        [
          'head_to_head_points',
          'head_to_head_goal_difference',
          'head_to_head_away_goals',
          'goal_difference',
          'wins',
          'goals_for',
        ],
        wiki('2019%E2%80%9320_Primeira_Liga'),
        'a deciding match on neutral ground',
      ),
    },
    {
      from: '2021-22',
      rules: rules(
        ['head_to_head_points', 'head_to_head_goal_difference', 'goal_difference', 'wins', 'goals_for'],
        wiki('2023%E2%80%9324_Primeira_Liga'),
        'a deciding match on neutral ground when two clubs are level',
      ),
    },
  ],
};

/**
 * Eredivisie (KNVB): goal difference, goals scored, the result of the matches between the clubs
 * ("onderling resultaat", taken here as points then aggregate score), then a deciding match where it
 * matters. Checked against the KNVB regulations as quoted by fcupdate.nl (2024-25, 2025-26) and
 * infonu.nl. Before 2015-16, other places went by alphabetical order.
 */
const EREDIVISIE: CompetitionRules = {
  competition: 'nl.1',
  eras: [
    {
      rules: rules(
        [...GD_GF, 'head_to_head_points', 'head_to_head_goal_difference'],
        wiki('2023%E2%80%9324_Eredivisie'),
        'a deciding match where the title, a European place or relegation is at stake',
      ),
    },
  ],
};

const AUSTRIA_SPLIT =
  'after 22 rounds the points are halved (rounded down) and the league splits into a championship and a qualification group; a club whose half point was rounded away then ranks ahead of a club level on points whose was not, before every other criterion';

/**
 * The Austrian split from 2018-19 (ligaportal.at, "so sieht die Tabelle nach der Punkteteilung aus"):
 * after 22 rounds, places 1-6 form the championship group (Meistergruppe) and 7-12 the qualification
 * group, each playing ten more rounds; the points are halved and rounded down. Final places 1-6 are the
 * championship group's, 7-12 the qualification group's.
 */
const AUSTRIA_SPLIT_RULE: TableSplit = {
  rounds: 22,
  groups: [
    { label: 'Championship group', size: 6 },
    { label: 'Qualification group', size: 6 },
  ],
  points: 'halved',
  levelFirst: 'rounded_away',
  reference:
    'https://www.ligaportal.at/bundesliga/allgemein-news/6405-tipico-bundesliga-so-sieht-die-tabelle-nach-der-punkteteilung-aus',
};

/**
 * Austrian Bundesliga (at.1). From 2018-19: 12 clubs, split after 22 rounds with points halved. Until
 * 2020-21: goal difference, goals scored, wins, away wins, head-to-head (ligaportal.at 2020). From
 * 2021-22 head-to-head comes first in every Austrian league (ligaportal.at, May 2022). The order for the
 * ten-club seasons up to 2017-18 was not checked (assumed the same as 2018-19).
 */
const AUSTRIA: CompetitionRules = {
  competition: 'at.1',
  eras: [
    {
      until: '2017-18',
      rules: rules(
        [...GD_GF, 'wins', 'away_wins'],
        wiki('2015%E2%80%9316_Austrian_Football_Bundesliga'),
        'the matches between the clubs (order not verified for these seasons)',
      ),
    },
    {
      from: '2018-19',
      until: '2020-21',
      rules: splitting(
        rules(
          [...GD_GF, 'wins', 'away_wins'],
          'https://www.ligaportal.at/bundesliga/allgemein-news/6405-tipico-bundesliga-so-sieht-die-tabelle-nach-der-punkteteilung-aus',
          `the matches between the clubs; ${AUSTRIA_SPLIT}`,
        ),
        AUSTRIA_SPLIT_RULE,
      ),
    },
    {
      from: '2021-22',
      rules: splitting(
        rules(
          [...H2H, 'head_to_head_away_goals', ...GD_GF, 'wins', 'away_wins', 'away_goals_for'],
          'https://www.ligaportal.at/bundesliga/allgemein-news/11214-vor-dem-saisonfinale-der-admiral-bundesliga-reihung-bei-punktegleichstand',
          AUSTRIA_SPLIT,
        ),
        AUSTRIA_SPLIT_RULE,
      ),
    },
  ],
};

/** Austrian 2. Liga: no split; head-to-head first from 2021-22 as in every Austrian league. */
const AUSTRIA_2: CompetitionRules = {
  competition: 'at.2',
  eras: [
    {
      until: '2020-21',
      rules: rules(
        [...GD_GF, 'wins', 'away_wins'],
        wiki('2019%E2%80%9320_2._Liga_(Austria)'),
        'the matches between the clubs (order not verified for the second tier)',
      ),
    },
    {
      from: '2021-22',
      rules: rules(
        [...H2H, 'head_to_head_away_goals', ...GD_GF, 'wins', 'away_wins', 'away_goals_for'],
        'https://www.ligaportal.at/bundesliga/allgemein-news/11214-vor-dem-saisonfinale-der-admiral-bundesliga-reihung-bei-punktegleichstand',
        'not known beyond these',
      ),
    },
  ],
};

/**
 * Swiss Football League. Ten-club era: goal difference, goals scored, goal difference between the
 * clubs, away goals, lots (ilmiochiasso.ch 2019, for the Challenge League; calciomagazine.net). From
 * 2023-24 (12 clubs, split after 33 rounds with points kept): goal difference, goals scored, then
 * head-to-head (srf.ch, April 2024). The Challenge League after 2022-23 was not checked, so its seasons
 * from 2023-24 fall to the default.
 */
const SWISS_OLD = (page: string): TableRules =>
  rules(
    [...GD_GF, 'head_to_head_goal_difference', 'away_goals_for'],
    wiki(page),
    'a drawing of lots by the SFL',
  );

const SWISS_SUPER_LEAGUE: CompetitionRules = {
  competition: 'ch.1',
  eras: [
    { until: '2022-23', rules: SWISS_OLD('2019%E2%80%9320_Swiss_Super_League') },
    {
      from: '2023-24',
      rules: splitting(
        rules(
          [...GD_GF, ...H2H],
          'https://www.srf.ch/sport/fussball/super-league/finale-phase-der-super-league-das-muessen-sie-zum-modus-in-den-naechsten-wochen-wissen',
          'away goals in the matches between the clubs, then a drawing of lots; after 33 rounds the league splits into two groups of six, points kept',
        ),
        // No season of this era is stored yet (the data ends at 2020-21): not checked on real data.
        {
          rounds: 33,
          groups: [
            { label: 'Championship group', size: 6 },
            { label: 'Relegation group', size: 6 },
          ],
          points: 'kept',
          reference:
            'https://www.srf.ch/sport/fussball/super-league/finale-phase-der-super-league-das-muessen-sie-zum-modus-in-den-naechsten-wochen-wissen',
        },
      ),
    },
  ],
};

const SWISS_CHALLENGE_LEAGUE: CompetitionRules = {
  competition: 'ch.2',
  eras: [{ until: '2022-23', rules: SWISS_OLD('2019%E2%80%9320_Swiss_Challenge_League') }],
};

/**
 * Scottish Premiership: goal difference, goals scored, then a play-off (sportinglife.com). After 33 rounds
 * (three rounds of every club against every other) the twelve clubs split into a top six and a bottom six,
 * which play five more rounds among themselves, points kept; places 1-6 are the top six's and 7-12 the
 * bottom six's, whatever their points (Wikipedia, "Scottish Premiership", Format).
 */
const SCOTLAND: CompetitionRules = {
  competition: 'sco.1',
  eras: [
    {
      rules: splitting(
        rules(
          GD_GF,
          wiki('2023%E2%80%9324_Scottish_Premiership'),
          'a play-off where it matters; after 33 rounds the league splits into a top and a bottom six, and no club moves between the halves whatever its points',
        ),
        {
          rounds: 33,
          groups: [
            { label: 'Top six', size: 6 },
            { label: 'Bottom six', size: 6 },
          ],
          points: 'kept',
          reference: wiki('Scottish_Premiership#Format'),
        },
      ),
    },
  ],
};

/**
 * Türkiye (Süper Lig, 1. Lig): head-to-head first ("ikili averaj"): points, goal difference and goals in
 * the matches between the clubs, then goal difference and goals scored. The TFF text quoted by
 * ajansspor.com in 2021 also counted away goals in the matches between the clubs; reports of 2025-26
 * (haberler.com) say they no longer count, and disagree with each other: the change is placed at 2021-22
 * here, unverified.
 */
const turkey = (competition: string, page: string): CompetitionRules => ({
  competition,
  eras: [
    {
      until: '2020-21',
      rules: rules(
        [...H2H, 'head_to_head_away_goals', ...GD_GF],
        wiki(page),
        'a play-off match or a drawing of lots decided by the TFF',
      ),
    },
    {
      from: '2021-22',
      rules: rules(
        [...H2H, ...GD_GF],
        wiki(page),
        'a club without a forfeit defeat ranks higher, then a play-off match (reported for 2025-26)',
      ),
    },
  ],
});

/**
 * Russian Premier League: the matches between the clubs (points, wins, goal difference, goals), then
 * wins, goal difference and goals scored in all matches, then a play-off (premierliga.ru 2019;
 * sport-weekend.com quoting the regulations). Wins between the clubs are not a criterion here: for two
 * clubs they order the same as points.
 */
const RUSSIA: CompetitionRules = {
  competition: 'ru.1',
  eras: [
    {
      rules: rules(
        [...H2H, 'wins', ...GD_GF],
        'https://eng.premierliga.ru/news/rfpl/news_26535.html',
        'a play-off match; among three or more clubs, wins in the matches between them count after points',
      ),
    },
  ],
};

/** Hungarian NB I: wins first, then goal difference, goals, head-to-head (magyarfutball.hu, every season). */
const HUNGARY: CompetitionRules = {
  competition: 'hu.1',
  eras: [
    {
      rules: rules(
        ['wins', ...GD_GF, 'head_to_head_points', 'head_to_head_goal_difference', 'head_to_head_away_goals'],
        'https://magyarfutball.hu/en/merkozesek/bajnoki_merkozesek/nb_i/2019_2020/tabella/fordulo/26',
        'the fair-play ranking, then a drawing of lots',
      ),
    },
  ],
};

// ---------------------------------------------------------------------------------------------------
// Americas, Asia, Oceania, Africa
// ---------------------------------------------------------------------------------------------------

/**
 * Argentina (LPF 2025, article 24.2; bolavip.com, diariouno.com.ar, November 2025). The Superliga seasons
 * 2018-19 and 2019-20 were not checked and fall to the default.
 */
const ARGENTINA: CompetitionRules = {
  competition: 'ar.1',
  eras: [
    {
      from: '2025',
      rules: rules(
        [...GD_GF, 'head_to_head_points'],
        'https://bolavip.com/ar/futbolargentino/el-criterio-de-desempate-para-clasificar-a-octavos-y-la-llamativa-forma-de-resolver-los-descensos-en-el-torneo-clausura-2025',
        'the fair-play table, then a drawing of lots; a tie for relegation (average or annual table) is settled by a deciding match instead',
      ),
    },
  ],
};

/**
 * Brasileirão (CBF, REC article 15): wins, goal difference, goals scored, head-to-head (two clubs only),
 * fewest red cards, fewest yellow cards, lots (lance.com.br 2025, dci.com.br 2020-2024). Série B is taken
 * to follow the same CBF order (not checked separately).
 */
const brazil = (competition: string): CompetitionRules => ({
  competition,
  eras: [
    {
      rules: rules(
        ['wins', ...GD_GF, 'head_to_head_points'],
        'https://www.lance.com.br/lancepedia/criterios-de-desempate-do-brasileirao.html',
        'fewest red cards, then fewest yellow cards, then a drawing of lots; head-to-head only applies to a tie between two clubs',
      ),
    },
  ],
});

/**
 * Liga MX, Apertura and Clausura tables: goal difference, goals scored, head-to-head, away goals,
 * fair play, lots. From memory of the Liga MX regulations; not verified here.
 */
const MEXICO: CompetitionRules = {
  competition: 'mx.1',
  eras: [
    {
      rules: rules(
        [...GD_GF, 'head_to_head_points', 'away_goals_for'],
        wiki('2023%E2%80%9324_Liga_MX_season'),
        'the fair-play table, then a drawing of lots (not verified); each tournament (Apertura, Clausura) has its own table',
      ),
    },
  ],
};

/** MLS: wins, goal difference, goals scored, then disciplinary points (mlssoccer.com, 2023-2025). */
const MLS: CompetitionRules = {
  competition: 'mls',
  eras: [
    {
      rules: rules(
        ['wins', ...GD_GF],
        'https://www.mlssoccer.com/news/tiebreakers-for-2025-mls-regular-season-standings',
        'fewest disciplinary points per match, then away goal difference, away goals, home goal difference, home goals, then a coin toss (two clubs) or a drawing of lots; standings are kept per conference',
      ),
    },
  ],
};

const J1_USUAL = (reference: string): TableRules =>
  rules(
    [...GD_GF, ...H2H],
    reference,
    'fewest disciplinary points, then a drawing of lots (only where the board needs one, e.g. for relegation)',
  );

/**
 * J1 League: goal difference, goals scored, head-to-head, disciplinary points, lots (J.League rules as
 * quoted by soccer.yahoo.co.jp and web.ultra-soccer.jp, 2019). 2020, a season of unequal numbers of
 * matches, had its own order (J.League announcement of June 2020, jleague.jp news 17242).
 */
const J1: CompetitionRules = {
  competition: 'jp.1',
  eras: [
    { until: '2019', rules: J1_USUAL('https://web.ultra-soccer.jp/ranking/list?tid=801') },
    {
      from: '2020',
      until: '2020',
      rules: rules(
        ['goal_difference', ...H2H, 'wins', 'goals_for'],
        'https://www.jleague.jp/sp/news/article/17242/',
        'fewest disciplinary points, then a drawing of lots; head-to-head only counts once the clubs have met twice',
      ),
    },
    { from: '2021', rules: J1_USUAL('https://soccer.yahoo.co.jp/jleague/category/j1/standings') },
  ],
};

/**
 * Chinese Super League: head-to-head first, then goal difference and goals scored, then card points and
 * lots (third-party summaries of the CFA rules; not checked against the CFA text). 2020 was played in two
 * groups followed by play-offs.
 */
const CHINA: CompetitionRules = {
  competition: 'cn.1',
  eras: [
    {
      rules: rules(
        [...H2H, ...GD_GF],
        wiki('2019_Chinese_Super_League'),
        'fewest card penalty points, then a drawing of lots (not verified against the CFA text)',
      ),
    },
  ],
};

/**
 * A-League Men. 2021-22 and 2022-23: goal difference, goals scored, points per game, cards, coin toss
 * (Wikipedia tables of those seasons). From 2023-24 wins come first (the A-Leagues rules as quoted by
 * theroar.com.au, January 2024). Earlier seasons (2018-19 stored): goal difference and goals scored, then
 * head-to-head and cards (citizendium, rules of 2006), not checked for 2018-19.
 */
const A_LEAGUE: CompetitionRules = {
  competition: 'au.1',
  eras: [
    {
      until: '2020-21',
      rules: rules(
        GD_GF,
        wiki('2018%E2%80%9319_A-League'),
        'the matches between the clubs, then the fewest cards (not verified for these seasons)',
      ),
    },
    {
      from: '2021-22',
      until: '2022-23',
      rules: rules(
        GD_GF,
        wiki('2021%E2%80%9322_A-League_Men'),
        'points per game, fewest red cards, fewest yellow cards, then a coin toss',
      ),
    },
    {
      from: '2023-24',
      rules: rules(
        ['wins', ...GD_GF],
        'https://www.theroar.com.au/2024/01/01/have-we-finally-reached-peak-a-league-wrong-team-listed-as-league-leaders-after-alm-fails-to-read-rules-properly/',
        'further A-Leagues criteria (not verified)',
      ),
    },
  ],
};

/**
 * Algerian Ligue 1 (FAF/LFP rules as quoted by tsa-algerie.dz in 2019 and lnfa.dz in 2021): points and
 * goal difference in the matches between the clubs, then goal difference and goals scored in the first
 * half of the season, then a deciding match. Not checked for 2024-25.
 */
const ALGERIA: CompetitionRules = {
  competition: 'dz.1',
  eras: [
    {
      rules: rules(
        ['head_to_head_points', 'head_to_head_goal_difference'],
        'https://tsa-algerie.dz/ligue-1-3e-et-dernier-relegue-ce-que-prevoit-le-reglement-en-cas-degalite/amp',
        'goal difference, then goals scored, in the first half of the season only, then a deciding match (rules of 2019-2021; not checked for 2024-25)',
      ),
    },
  ],
};

/** Colombian Primera A (Dimayor 2025): goal difference, goals, away goals (elespaciodigital.com, 2025). */
const COLOMBIA: CompetitionRules = {
  competition: 'co.1',
  eras: [
    {
      rules: rules(
        [...GD_GF, 'away_goals_for'],
        'https://elespaciodigital.com/?p=28166',
        'fewest goals conceded away, then a drawing of lots by Dimayor',
      ),
    },
  ],
};

/**
 * Copa Libertadores group stage: goal difference, goals scored, away goals (2020 regulations, quoted by
 * goal.com; supervasco.com.br), then the CONMEBOL club ranking. From 2026 head-to-head comes first
 * (redgol.cl, article 2.4.2 of the 2026 manual).
 */
const LIBERTADORES: CompetitionRules = {
  competition: 'copa.l',
  eras: [
    {
      until: '2025',
      rules: rules(
        [...GD_GF, 'away_goals_for'],
        'https://www.goal.com/es-ar/noticias/copa-libertadores-2020-como-se-define-igualdad-puntos-fase/494xvp99gu121ktnfzpatjegu',
        'the CONMEBOL Libertadores club ranking (2020 regulations; the 2025 text was not checked)',
      ),
    },
    {
      from: '2026',
      rules: rules(
        [...H2H, ...GD_GF],
        'https://redgol.cl/amp/copa-libertadores/conmebol-cambio-reglamento-libertadores-2026-criterio-desempate-puntos-diferencia-gol',
        'further CONMEBOL criteria (not verified)',
      ),
    },
  ],
};

// ---------------------------------------------------------------------------------------------------
// UEFA Champions League
// ---------------------------------------------------------------------------------------------------

/**
 * Group stage to 2023-24: head-to-head mini-table (points, goal difference, goals, and away goals until
 * 2020-21), applied again to clubs still level, then goal difference and goals in all group matches.
 * Up to 2020-21 the next criteria changed over the years (the club coefficient alone in the regulations
 * quoted for 2011-12 and in November 2018; away goals, wins and away wins in all matches, then
 * disciplinary points, in later quotes): not modelled. For 2021-22 to 2023-24 the later list is modelled.
 * League phase from 2024-25: goal difference first (several reports of the UEFA regulations, 2024).
 */
const CHAMPIONS_LEAGUE: CompetitionRules = {
  competition: 'uefa.cl',
  eras: [
    {
      until: '2020-21',
      rules: rules(
        [...H2H, 'head_to_head_away_goals', ...GD_GF],
        wiki('2018%E2%80%9319_UEFA_Champions_League_group_stage'),
        'the UEFA club coefficient; some editions put away goals, wins and away wins in all group matches and disciplinary points before it (not checked edition by edition)',
      ),
    },
    {
      from: '2021-22',
      until: '2023-24',
      rules: rules(
        [...H2H, ...GD_GF, 'away_goals_for', 'wins', 'away_wins'],
        wiki('2023%E2%80%9324_UEFA_Champions_League_group_stage'),
        'disciplinary points, then the UEFA club coefficient',
      ),
    },
    {
      from: '2024-25',
      rules: rules(
        [...GD_GF, 'away_goals_for', 'wins', 'away_wins'],
        wiki('2024%E2%80%9325_UEFA_Champions_League_league_phase'),
        "the opponents' collective points, goal difference and goals scored, then disciplinary points, then the UEFA club coefficient",
      ),
    },
  ],
};

// ---------------------------------------------------------------------------------------------------
// FIFA
// ---------------------------------------------------------------------------------------------------

const FIFA_1998: readonly Tiebreaker[] = [...GD_GF, ...H2H];

/**
 * Men's World Cup, group tables of every edition (second group stages of 1974-1982 and the final round of
 * 1950 included). Checked against the published tables stored from the Fjelstul World Cup Database:
 * with these rules every group 1930-2022 ranks as published, except where the rules leave teams level
 * (1950 Group 2, 1954 Groups 1-4, 1958 Groups 1-4, 1970 Groups 1 and 4, 1990 Group F, 2018 Group H),
 * where the published order is the one the play-off, the lots, goal average or fair play gave.
 * 1954 and 1958 groups include their play-off matches in storage (a second meeting of the same two
 * teams): a group table counts the first meeting only.
 */
const WORLD_CUP: CompetitionRules = {
  competition: 'fifa.wc',
  eras: [
    {
      until: '1950',
      rules: rules(
        [],
        wiki('1950_FIFA_World_Cup'),
        'no ranking rule: teams level on points for a qualifying place would have played off (1934 and 1938 were knockout tournaments)',
        2,
      ),
    },
    {
      from: '1954',
      until: '1954',
      rules: rules(
        [],
        'http://historicalkits.co.uk/international/tournaments/fifa-world-cup/1954/1954-index.html',
        'teams level on points for first place drew lots; teams level for second place (the last qualifying place) played off',
        2,
      ),
    },
    {
      // Goal average decided places except the last qualifying one, which went to a play-off
      // (historicalkits.co.uk): a tiebreaker of 'goal_average' would rank Czechoslovakia above Northern
      // Ireland and Hungary above Wales, who won their play-offs, so none is given.
      from: '1958',
      until: '1958',
      rules: rules(
        [],
        'http://historicalkits.co.uk/international/tournaments/fifa-world-cup/1958/1958-index.html',
        'teams level on points for second place (the last qualifying place) played off; other ties were decided by goal average',
        2,
      ),
    },
    {
      from: '1962',
      until: '1966',
      rules: rules(['goal_average'], wiki('1962_FIFA_World_Cup'), 'a drawing of lots', 2),
    },
    {
      // Goal difference, then lots: the Soviet Union and Mexico drew lots for Group 1 (en.wikipedia.org,
      // 1970 FIFA World Cup Group 1); goals scored was not a criterion.
      from: '1970',
      until: '1970',
      rules: rules(['goal_difference'], wiki('1970_FIFA_World_Cup_Group_1'), 'a drawing of lots', 2),
    },
    {
      // Whether 1986 and 1990 added the matches between the teams before lots was not checked; no
      // stored group depends on it (1990 Group F: Republic of Ireland and Netherlands drew 1-1).
      from: '1974',
      until: '1990',
      rules: rules(GD_GF, wiki('1990_FIFA_World_Cup'), 'a drawing of lots', 2),
    },
    {
      from: '1994',
      until: '1994',
      rules: rules([...GD_GF, 'head_to_head_points'], wiki('1994_FIFA_World_Cup'), 'a drawing of lots'),
    },
    {
      // Regulations quoted for 2010 (alightly.blogspot.com, FIFA regulations page 47).
      from: '1998',
      until: '2014',
      rules: rules(FIFA_1998, wiki('2010_FIFA_World_Cup'), 'a drawing of lots'),
    },
    {
      from: '2018',
      until: '2022',
      rules: rules(
        FIFA_1998,
        wiki('2018_FIFA_World_Cup'),
        'fair-play points (yellow and red cards), then a drawing of lots',
      ),
    },
    {
      // Head-to-head first from 2026 (FIFA regulations as reported, e.g. footballkit.lazada.com.ph).
      from: '2026',
      rules: rules(
        [...H2H, ...GD_GF],
        wiki('2026_FIFA_World_Cup'),
        'fair-play points, then the FIFA/Coca-Cola World Ranking',
      ),
    },
  ],
};

/**
 * Women's World Cup: like the men's of the same years (2 points for a win in 1991, fair play from 2019).
 * 1991 and 1995 were not checked beyond the points; no stored group depends on a criterion after goal
 * difference (all 1991-2019 groups rank as published with these rules).
 */
const WOMENS_WORLD_CUP: CompetitionRules = {
  competition: 'fifa.wwc',
  eras: [
    {
      until: '1991',
      rules: rules(GD_GF, wiki('1991_FIFA_Women%27s_World_Cup'), 'a drawing of lots (not verified)', 2),
    },
    {
      from: '1995',
      until: '1995',
      rules: rules(
        [...GD_GF, 'head_to_head_points'],
        wiki('1995_FIFA_Women%27s_World_Cup'),
        'a drawing of lots (not verified)',
      ),
    },
    {
      from: '1999',
      until: '2015',
      rules: rules(FIFA_1998, wiki('2015_FIFA_Women%27s_World_Cup'), 'a drawing of lots'),
    },
    {
      from: '2019',
      rules: rules(
        FIFA_1998,
        wiki('2019_FIFA_Women%27s_World_Cup'),
        'fair-play points, then a drawing of lots',
      ),
    },
  ],
};

/** Club World Cup 2025 groups: head-to-head first (FIFA, as reported by goal.com and bolavip.com). */
const CLUB_WORLD_CUP: CompetitionRules = {
  competition: 'fifa.cwc',
  eras: [
    {
      from: '2025',
      rules: rules(
        [...H2H, ...GD_GF],
        wiki('2025_FIFA_Club_World_Cup'),
        'fair-play points, then a drawing of lots',
      ),
    },
  ],
};

/**
 * Every competition with known rules. Not here, on purpose: cups and qualification play-offs (de.cup,
 * at.cup, fifa.wc.quali), which have no tables, and ma.1 (Botola Pro), whose rules could not be checked;
 * they get DEFAULT_RULES with `known: false`.
 */
export const COMPETITION_RULES: readonly CompetitionRules[] = [
  PREMIER_LEAGUE,
  efl('en.2', '2023%E2%80%9324_EFL_Championship'),
  efl('en.3', '2023%E2%80%9324_EFL_League_One'),
  efl('en.4', '2023%E2%80%9324_EFL_League_Two'),
  spain('es.1', '2023%E2%80%9324_La_Liga'),
  spain('es.2', '2023%E2%80%9324_Segunda_Divisi%C3%B3n'),
  SERIE_A,
  SERIE_B,
  dfl('de.1'),
  dfl('de.2'),
  DRITTE_LIGA,
  lfp('fr.1', 'Ligue_1'),
  lfp('fr.2', 'Ligue_2'),
  PRIMEIRA_LIGA,
  EREDIVISIE,
  BELGIUM,
  AUSTRIA,
  AUSTRIA_2,
  SWISS_SUPER_LEAGUE,
  SWISS_CHALLENGE_LEAGUE,
  SCOTLAND,
  turkey('tr.1', '2023%E2%80%9324_S%C3%BCper_Lig'),
  turkey('tr.2', '2023%E2%80%9324_TFF_First_League'),
  GREECE,
  RUSSIA,
  CZECHIA,
  HUNGARY,
  ARGENTINA,
  brazil('br.1'),
  brazil('br.2'),
  MEXICO,
  MLS,
  J1,
  CHINA,
  A_LEAGUE,
  EGYPT,
  ALGERIA,
  COLOMBIA,
  LIBERTADORES,
  CHAMPIONS_LEAGUE,
  WORLD_CUP,
  WOMENS_WORLD_CUP,
  CLUB_WORLD_CUP,
];

/** The starting year of a season key ("2023-24" is 2023, "1994" is 1994); NaN when it has none. */
export function startYear(season: string): number {
  return /^\d{4}/.test(season) ? Number.parseInt(season.slice(0, 4), 10) : Number.NaN;
}

const BY_COMPETITION = new Map(COMPETITION_RULES.map((entry) => [entry.competition, entry]));

/**
 * The rules a competition's table uses in a season: the era whose `from` and `until` (inclusive, by
 * starting year) contain the season. A competition without known rules, or a season outside every era
 * of it, gets DEFAULT_RULES with `known: false`, which the API reports.
 */
export function rulesFor(competition: string, season: string): { rules: TableRules; known: boolean } {
  const year = startYear(season);
  const entry = BY_COMPETITION.get(competition);
  if (entry === undefined || Number.isNaN(year)) return { rules: DEFAULT_RULES, known: false };
  for (const era of entry.eras) {
    const from = era.from === undefined ? -Infinity : startYear(era.from);
    const until = era.until === undefined ? Infinity : startYear(era.until);
    if (year >= from && year <= until) return { rules: era.rules, known: true };
  }
  return { rules: DEFAULT_RULES, known: false };
}
