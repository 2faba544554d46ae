/**
 * Rules of the leagues whose seasons split after a first phase by rules other than Austria's and
 * Scotland's (those stay in competition-rules.ts): Belgium, Czechia, Greece and Egypt. Same style as
 * competition-rules.ts: one entry per competition, one era per format, each with the public page it was
 * taken from; the comments say what was checked against the stored data (../shared/data, openfootball),
 * by the number of matches of each round name and the clubs playing them.
 *
 * How the split's final table is made: TableSplit (table-rules.ts), compute-standings.ts, and
 * docs/standings-rules.md, "Leagues that split".
 */
import { GD_GF, H2H, rules, splitting, wiki } from './rule-builders.js';
import type { CompetitionRules, SplitGroup, TableRules, TableSplit } from './table-rules.js';

// ---------------------------------------------------------------------------------------------------
// Belgium
// ---------------------------------------------------------------------------------------------------

/** The regular season's order: wins first (a rule of the Belgian FA since 1995), then goals. */
const BELGIAN_REGULAR_SEASON = ['wins', ...GD_GF, 'away_goals_for', 'away_wins'] as const;

const BELGIAN_FINALLY =
  'a deciding match; in the play-offs the regular-season points are halved (rounded up), and among clubs level on points a club whose points were rounded up ranks below one whose were not, then the regular-season position decides';

/**
 * The halving and its tie rule, as nieuwsblad.be explains them for 2017-18 (a club whose points were
 * rounded up loses a tie to one whose were not; between two rounded up, the regular-season position
 * decides) and sportnieuws.nl for 2023-24 (odd totals rounded up; in a tie no goal difference nor
 * head-to-head counts, the regular-season position does).
 */
const BELGIAN_SPLIT = {
  points: 'halved',
  rounding: 'up',
  levelLast: 'rounded_up',
  level: 'first_phase_position',
} as const;

/** A split era of Belgium; `after` says, in words, what the split does (it goes in `finally`). */
const belgium = (
  rounds: number,
  groups: readonly SplitGroup[],
  after: string,
  reference: string,
  page: string,
): TableRules =>
  splitting(rules(BELGIAN_REGULAR_SEASON, wiki(page), `${BELGIAN_FINALLY}; ${after}`), {
    rounds,
    groups,
    ...BELGIAN_SPLIT,
    reference,
  });

/**
 * Belgian First Division A (be.1). The regular-season order (wins, goal difference, goals, away goals,
 * away wins) is as nieuwsblad.be lists it for the second division (2019); it was not checked for the
 * first division itself.
 *
 * - To 2016-17: no split modelled (no season stored; the tie rule of the play-offs was then wins, goal
 *   difference and goals, hbvl.be, March 2017).
 * - 2017-18 and 2018-19: 16 clubs, 30 rounds; the top six play Play-off I (ten rounds, points halved,
 *   rounded up); 7th to 15th play Play-off II with three second-division clubs, whose matches are not
 *   in the data and decide no league place; 16th is relegated. Checked on 2018-19: 240 matches in 30
 *   rounds, then 30 "Playoff I" matches in ten rounds between the regular season's top six. Computed:
 *   Genk, first after 30 rounds (63 points, 32 after the halving), champions with 52 to Club Brugge's 50.
 * - 2019-20: the same Play-off I, and a Play-off II of the ten other clubs (firstorderhistorians.com,
 *   June 2019). Stopped by COVID-19 after 29 rounds (232 of the 240 matches stored, no play-offs): the
 *   split is never reached and the table is the regular season's, as the league ended it.
 * - 2020-21 to 2022-23: 18 clubs, 34 rounds; the top four play the Champions' play-offs, 5th to 8th the
 *   Europe play-offs (six rounds each, points halved, rounded up, as hbvl.be, April 2022, and kontrast1.no
 *   report them for 2021-22; assumed the same for 2020-21 and 2022-23); 9th to 18th play no play-off
 *   counted in the league (17th's play-off is against a second-division club). Checked on 2020-21: 306
 *   matches in 34 rounds, then 12 "Championship" and 12 "Europe" matches in six rounds each, between the
 *   regular season's top four and its 5th to 8th. Computed: Club Brugge (76 points, 38) and Genk (56,
 *   28) end level on 44, Brugge champions as first after the regular season. 2021-22 and 2022-23 are not
 *   stored.
 * - From 2023-24: 16 clubs, 30 rounds; Champions' play-offs 1-6 and Europe play-offs 7-12 (ten rounds,
 *   points halved, rounded up), relegation play-offs 13-16 (six rounds, points kept: fcupdate.nl and
 *   focus-wtv.be, March 2024; final10.wiewordtkampioen.be for 2024-25). Checked on 2024-25: 240 matches in
 *   30 rounds, then 30 "Championship" matches (1st-6th), 30 "Europe" (7th-12th) and 12 "Relegation"
 *   (13th-16th); the "ECL Playoff, Final" (Antwerp v Charleroi) is a knockout, counted in no table.
 *   Computed: Union Saint-Gilloise champions (56) ahead of Club Brugge (53); Kortrijk and Beerschot last,
 *   the two clubs missing from the 2025-26 data.
 *   2025-26 keeps the format (sporza.be, March 2025: the penultimate season with play-offs); only its
 *   regular season is stored, 16 clubs in 30 rounds.
 */
export const BELGIUM: CompetitionRules = {
  competition: 'be.1',
  eras: [
    {
      until: '2016-17',
      rules: rules(
        BELGIAN_REGULAR_SEASON,
        wiki('2016%E2%80%9317_Belgian_First_Division_A'),
        'a deciding match; the play-offs (regular-season points halved, rounded up) are not computed for these seasons',
      ),
    },
    {
      from: '2017-18',
      until: '2018-19',
      rules: belgium(
        30,
        [
          { label: 'Play-off I', size: 6 },
          { label: 'Play-off II', size: 9, later: false },
          { label: 'Relegated', size: 1, later: false },
        ],
        'after 30 rounds the top six play Play-off I; 7th-16th keep their regular-season places and points',
        'https://www.nieuwsblad.be/cnt/dmf20180403_03443300',
        '2018%E2%80%9319_Belgian_First_Division_A',
      ),
    },
    {
      from: '2019-20',
      until: '2019-20',
      rules: belgium(
        30,
        [
          { label: 'Play-off I', size: 6 },
          { label: 'Play-off II', size: 10, later: false },
        ],
        'after 30 rounds the top six play Play-off I; 7th-16th keep their regular-season places and points',
        'https://www.firstorderhistorians.com/2019/06/07/play-off-2-get-a-facelift-from-next-year-a-renewed-play-off-3/',
        '2019%E2%80%9320_Belgian_First_Division_A',
      ),
    },
    {
      from: '2020-21',
      until: '2022-23',
      rules: belgium(
        34,
        [
          { label: 'Champions’ play-offs', size: 4 },
          { label: 'Europe play-offs', size: 4 },
          { label: 'Outside the play-offs', size: 10, later: false },
        ],
        'after 34 rounds 1st-4th play the Champions’ play-offs and 5th-8th the Europe play-offs; 9th-18th keep their regular-season places and points',
        'https://www.hbvl.be/cnt/dmf20220411_92504691',
        '2020%E2%80%9321_Belgian_First_Division_A',
      ),
    },
    {
      from: '2023-24',
      rules: belgium(
        30,
        [
          { label: 'Champions’ play-offs', size: 6 },
          { label: 'Europe play-offs', size: 6 },
          { label: 'Relegation play-offs', size: 4, points: 'kept' },
        ],
        'after 30 rounds 1st-6th play the Champions’ play-offs and 7th-12th the Europe play-offs, 13th-16th the relegation play-offs with their points kept',
        'https://sportnieuws.nl/voetbal/nieuws/jupiler-pro-league-or-play-offs-in-belgie-halvering-van-punten-en-ticketverdeling-europees-voetbal-2024031721201588080/',
        '2023%E2%80%9324_Belgian_Pro_League',
      ),
    },
  ],
};

// ---------------------------------------------------------------------------------------------------
// Czechia
// ---------------------------------------------------------------------------------------------------

const CZECH_TIEBREAKERS = [...H2H, ...GD_GF];
const CZECH_FINALLY = 'the fair-play ranking, then a drawing of lots';

/**
 * Czech First League (cz.1): head-to-head mini-table, then goal difference and goals scored (Wikipedia).
 *
 * - To 2017-18: 16 clubs, 30 rounds, no split.
 * - 2018-19 and 2019-20: after 30 rounds, 1st-6th play a championship group and 11th-16th a relegation
 *   group, each one round of five matches, points and goals kept; 7th-10th play a knockout (two-legged
 *   ties) for a European play-off place, which changes no league place (isport.blesk.cz, July 2019;
 *   aktualne.cz, June 2020). In a tie after the split, isport.blesk.cz lists the regular season's points,
 *   its head-to-head results, then goal difference and goals over the whole competition, fair play and
 *   lots; footballclub.cz sums it up as the club placed higher after the regular season ranking higher.
 *   Modelled as the regular-season place, which can differ from the list only for clubs level after the
 *   head-to-head criteria (the regular season's goal difference against the whole season's). Checked on
 *   2018-19: 240 matches in 30 rounds, then 15 "Championship" matches in five rounds between the first
 *   six, 15 "Relegation" matches between 11th-16th, and the "Europa League, Round 1/2" and "Final"
 *   knockout matches of 7th-10th (with Baník Ostrava, 5th, in the final).
 * - From 2020-21: no split modelled. 2020-21 (18 clubs, 34 rounds, stored) did not split; the split came
 *   back from 2021-22 (sport.cz, 2023), but no such season is stored and its 7th-10th phase was not
 *   checked: a later season whose data holds later phases gets its first phase, as "Regular season".
 */
export const CZECHIA: CompetitionRules = {
  competition: 'cz.1',
  eras: [
    {
      until: '2017-18',
      rules: rules(CZECH_TIEBREAKERS, wiki('2017%E2%80%9318_Czech_First_League'), CZECH_FINALLY),
    },
    {
      from: '2018-19',
      until: '2019-20',
      rules: splitting(
        rules(
          CZECH_TIEBREAKERS,
          wiki('2018%E2%80%9319_Czech_First_League'),
          `${CZECH_FINALLY}; after 30 rounds the league splits into a championship group (1-6), a knockout for a European play-off (7-10, places kept) and a relegation group (11-16), points kept, and a tie after the split goes to the club placed higher after the regular season`,
        ),
        {
          rounds: 30,
          groups: [
            { label: 'Championship group', size: 6 },
            { label: 'Europa League play-off', size: 4, later: false },
            { label: 'Relegation group', size: 6 },
          ],
          points: 'kept',
          level: 'first_phase_position',
          reference: 'https://isport.blesk.cz/fortuna-liga-system-hry',
        },
      ),
    },
    {
      from: '2020-21',
      rules: rules(
        CZECH_TIEBREAKERS,
        wiki('2020%E2%80%9321_Czech_First_League'),
        `${CZECH_FINALLY}; in seasons with a split (not computed from 2021-22) the points are kept, and a tie after it goes to the club placed higher after the regular season (reported by footballclub.cz)`,
      ),
    },
  ],
};

// ---------------------------------------------------------------------------------------------------
// Greece
// ---------------------------------------------------------------------------------------------------

const GREEK_TIEBREAKERS = [
  'head_to_head_points',
  'head_to_head_goal_difference',
  ...GD_GF,
  'wins',
  'away_goals_for',
] as const;
const GREEK_FINALLY =
  'further criteria of the HFF rules (not verified); the head-to-head criteria only count when the clubs met home and away';

const GREEK_SPLIT_2019: TableSplit = {
  rounds: 26,
  groups: [
    { label: 'Play-offs', size: 6 },
    { label: 'Play-outs', size: 8 },
  ],
  points: 'kept',
  reference: 'https://agonasport.com/agonasport-allnews/the-super-league-playoff-and-playout-format',
};

const GREEK_SPLIT_2024: TableSplit = {
  rounds: 26,
  groups: [
    { label: 'Play-offs 1-4', size: 4 },
    { label: 'Play-offs 5-8', size: 4, points: 'halved' },
    { label: 'Play-outs', size: 6 },
  ],
  points: 'kept',
  rounding: 'up',
  reference: 'https://agones.gr/m/news/78342/super_league_episimi_i_allagi_tou_format_sta_plei_of',
};

/**
 * Greek Super League (gr.1), article 20 of the HFF match rules: points and goal difference in the
 * matches between the clubs (only when they met home and away), then goal difference, goals scored, wins
 * and away goals. Checked for 2025-26 (in.gr, gazzetta.gr) and, for the play-offs of 2024-25, against the
 * Super League's announcement reported by gazzetta.gr (March 2025: head-to-head points over the regular
 * season and the play-offs); earlier seasons were not checked. After a split the criteria count the whole
 * season's results.
 *
 * - To 2018-19: 16 clubs, 30 rounds, no split (2018-19 stored: 240 matches in 30 rounds, nothing after).
 * - 2019-20 to 2023-24: 14 clubs, 26 rounds; 1st-6th play the play-offs, 7th-14th the play-outs, every
 *   point kept (agonasport.com, 2020). Checked on 2019-20 and 2020-21: 182 matches in 26 rounds, then 30
 *   "Championship" matches in ten rounds between the first six and 28 "Relegation" matches in seven
 *   rounds (one round) between the other eight. 2021-22 to 2023-24 are not stored (the groups of six and
 *   eight are as pressaris.gr reports them for 2021-22 and gazzetta.gr for 2023-24; points kept assumed).
 * - From 2024-25: 1st-4th play the play-offs 1-4 and 9th-14th the play-outs, points kept; 5th-8th play
 *   the play-offs 5-8 with their points halved and rounded up (agones.gr, July 2024; gazzetta.gr, March
 *   2025: "rounded to the next whole unit"). No rule of theirs for a tie after the rounding was found: the
 *   criteria above apply. Checked on 2024-25: 182 matches in 26 rounds, then 12 "Championship" matches
 *   (1st-4th), 12 "ECL Playoffs" (5th-8th) and 30 "Relegation" (9th-14th), six, six and ten rounds. 2025-26
 *   keeps the format (Super League general assembly of 25 June 2025, reported by ertnews.gr); only its
 *   regular season is stored, 14 clubs in 26 rounds.
 */
export const GREECE: CompetitionRules = {
  competition: 'gr.1',
  eras: [
    {
      until: '2018-19',
      rules: rules(GREEK_TIEBREAKERS, wiki('2018%E2%80%9319_Super_League_Greece'), GREEK_FINALLY),
    },
    {
      from: '2019-20',
      until: '2023-24',
      rules: splitting(
        rules(
          GREEK_TIEBREAKERS,
          wiki('2019%E2%80%9320_Super_League_Greece'),
          `${GREEK_FINALLY}; after 26 rounds the league splits into play-offs (1-6) and play-outs (7-14), points kept`,
        ),
        GREEK_SPLIT_2019,
      ),
    },
    {
      from: '2024-25',
      rules: splitting(
        rules(
          GREEK_TIEBREAKERS,
          wiki('2024%E2%80%9325_Super_League_Greece'),
          `${GREEK_FINALLY}; after 26 rounds the league splits into play-offs 1-4 (points kept), play-offs 5-8 (points halved, rounded up) and play-outs 9-14 (points kept)`,
        ),
        GREEK_SPLIT_2024,
      ),
    },
  ],
};

// ---------------------------------------------------------------------------------------------------
// Egypt
// ---------------------------------------------------------------------------------------------------

/**
 * Egyptian Premier League 2024-25 (article 15, as quoted by mansheet.net for the last matchday): goal
 * difference, goals scored, away goals, card points, lots. 2025-26 changed to head-to-head first
 * (elbalad.news, 2026), not modelled: later seasons fall to the default.
 *
 * 2024-25 was played in two phases (the clubs' association, September 2024, reported by altreeq.com; the
 * Italian Wikipedia): 18 clubs in one round (17 rounds), then the first nine in a championship group and
 * the last nine in a relegation group, one round each, every club keeping its points. Checked on the
 * stored data: 153 matches in 17 rounds, then "Championship" and "Relegation" rounds of 36 matches each
 * between the first phase's first nine and last nine. The data holds the results of 14 and 16 of those
 * matches only (the others are stored without a score), so its final table is not complete.
 */
export const EGYPT: CompetitionRules = {
  competition: 'eg.1',
  eras: [
    {
      from: '2024-25',
      until: '2024-25',
      rules: splitting(
        rules(
          [...GD_GF, 'away_goals_for'],
          wiki('2024%E2%80%9325_Egyptian_Premier_League'),
          'fewest card points (yellow 1, red 3, yellow then red 4), then a drawing of lots; after 17 rounds the league splits into a championship group (1-9) and a relegation group (10-18), points kept',
        ),
        {
          rounds: 17,
          groups: [
            { label: 'Championship group', size: 9 },
            { label: 'Relegation group', size: 9 },
          ],
          points: 'kept',
          reference: 'https://altreeq.com/488918',
        },
      ),
    },
  ],
};
