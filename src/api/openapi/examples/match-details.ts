import type { ExampleBodies } from './example-bodies.js';

/** Match sub-resources (the World Cup 2022 final; statistics of a Premier League match). Real answers, arrays cut to their first items. */
export const MATCH_DETAIL_EXAMPLES: ExampleBodies = {
  '/football/matches/{match_id}/stats': {
    '200': {
      data: {
        match_id: 'match_ttwzzmd6mf165na1',
        status: 'finished',
        coverage: {
          statistics_available: true,
        },
        attribution: [
          {
            source: 'football-data/csv',
            notice: 'Match statistics from football-data.co.uk, via datasets/football-datasets',
            license: 'ODC PDDL 1.0 (football-data.co.uk terms apply)',
            license_url: 'https://opendatacommons.org/licenses/pddl/1-0/',
            source_url: 'https://www.football-data.co.uk/',
          },
        ],
        teams: [
          {
            team: {
              id: 'team_6ft1qc4y7djcbyas',
              name: 'AFC Bournemouth',
            },
            statistics: {
              corners: 6,
              shots_total: 20,
              shots_on_target: 7,
              shots_inside_box: null,
              possession_percent: null,
              passes_accuracy_percent: null,
              expected_goals: null,
              yellow_cards: 0,
              red_cards: 0,
            },
          },
          {
            team: {
              id: 'team_zex1ztndzpr9jj06',
              name: 'Leicester City FC',
            },
            statistics: {
              corners: 1,
              shots_total: 3,
              shots_on_target: 0,
              shots_inside_box: null,
              possession_percent: null,
              passes_accuracy_percent: null,
              expected_goals: null,
              yellow_cards: 2,
              red_cards: 0,
            },
          },
        ],
      },
    },
  },
  '/football/matches/{match_id}/lineups': {
    '200': {
      data: {
        match_id: 'match_e2m45p796rv8v5pv',
        status: 'finished',
        coverage: {
          lineups_available: true,
        },
        attribution: [
          {
            source: 'fjelstul/worldcup',
            notice: 'The Fjelstul World Cup Database, © 2023 Joshua C. Fjelstul, Ph.D.',
            license: 'CC-BY-SA 4.0',
            license_url: 'https://creativecommons.org/licenses/by-sa/4.0/',
            source_url: 'https://github.com/jfjelstul/worldcup',
          },
        ],
        teams: [
          {
            team: {
              id: 'team_prsvwme7e4s57wr5',
              name: 'Argentina',
            },
            formation: null,
            coach: {
              name: 'Lionel Scaloni',
            },
            starting: [
              {
                player: {
                  id: 'player_artcrg1cc2x8gctd',
                  name: 'Nicolás Tagliafico',
                },
                shirt_number: 3,
                position: 'left back',
              },
            ],
            bench: [
              {
                player: {
                  id: 'player_eks76985a1cyy34w',
                  name: 'Gonzalo Montiel',
                },
                shirt_number: 4,
                position: 'defender',
              },
            ],
          },
          {
            team: {
              id: 'team_j3pypcfd28rpg633',
              name: 'France',
            },
            formation: null,
            coach: {
              name: 'Didier Deschamps',
            },
            starting: [
              {
                player: {
                  id: 'player_1gjsgeh0vyw1g8ed',
                  name: 'Hugo Lloris',
                },
                shirt_number: 1,
                position: 'goal keeper',
              },
            ],
            bench: [
              {
                player: {
                  id: 'player_fhjkhgah3m718rxk',
                  name: 'Axel Disasi',
                },
                shirt_number: 3,
                position: 'defender',
              },
            ],
          },
        ],
      },
    },
  },
  '/football/matches/{match_id}/timeline': {
    '200': {
      data: {
        match_id: 'match_e2m45p796rv8v5pv',
        status: 'finished',
        coverage: {
          timeline_available: true,
        },
        attribution: [
          {
            source: 'fjelstul/worldcup',
            notice: 'The Fjelstul World Cup Database, © 2023 Joshua C. Fjelstul, Ph.D.',
            license: 'CC-BY-SA 4.0',
            license_url: 'https://creativecommons.org/licenses/by-sa/4.0/',
            source_url: 'https://github.com/jfjelstul/worldcup',
          },
        ],
        events: [
          {
            type: 'penalty_goal',
            period: 'first_half',
            minute: 23,
            stoppage_minute: null,
            label: "23'",
            team: {
              id: 'team_prsvwme7e4s57wr5',
              name: 'Argentina',
            },
            player: {
              id: 'player_00exfegzyd69p8vm',
              name: 'Lionel Messi',
            },
            related_player: null,
            detail: null,
          },
          {
            type: 'goal',
            period: 'first_half',
            minute: 36,
            stoppage_minute: null,
            label: "36'",
            team: {
              id: 'team_prsvwme7e4s57wr5',
              name: 'Argentina',
            },
            player: {
              id: 'player_23r83y2n1xnnxq0y',
              name: 'Ángel Di María',
            },
            related_player: null,
            detail: null,
          },
        ],
      },
    },
  },
  '/football/matches/{match_id}/player-stats': {
    '200': {
      data: {
        match_id: 'match_e2m45p796rv8v5pv',
        status: 'finished',
        coverage: {
          player_statistics_available: true,
        },
        attribution: [
          {
            source: 'fjelstul/worldcup',
            notice: 'The Fjelstul World Cup Database, © 2023 Joshua C. Fjelstul, Ph.D.',
            license: 'CC-BY-SA 4.0',
            license_url: 'https://creativecommons.org/licenses/by-sa/4.0/',
            source_url: 'https://github.com/jfjelstul/worldcup',
          },
        ],
        teams: [
          {
            team: {
              id: 'team_prsvwme7e4s57wr5',
              name: 'Argentina',
            },
            players: [
              {
                player: {
                  id: 'player_artcrg1cc2x8gctd',
                  name: 'Nicolás Tagliafico',
                },
                minutes_played: 120,
                rating: null,
                statistics: {
                  goals: 0,
                  yellow_cards: 0,
                  red_cards: 0,
                },
              },
            ],
          },
          {
            team: {
              id: 'team_j3pypcfd28rpg633',
              name: 'France',
            },
            players: [
              {
                player: {
                  id: 'player_1gjsgeh0vyw1g8ed',
                  name: 'Hugo Lloris',
                },
                minutes_played: 120,
                rating: null,
                statistics: {
                  goals: 0,
                  yellow_cards: 0,
                  red_cards: 0,
                },
              },
            ],
          },
        ],
      },
    },
  },
};
