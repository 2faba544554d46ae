import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { Ajv2020 } from 'ajv/dist/2020.js';
import {
  MATCH_UPDATE_SCHEMA_FILE,
  matchUpdateJsonSchema,
} from '../../../src/live/match-update-json-schema.js';
import { checkMatchUpdate } from '../../../src/live/update-validator.js';
import { ROOT } from '../../support/cli.js';

const GOAL = {
  update_id: 'wc2022-final-0042',
  match: 'match_0123456789abcdef',
  sequence: 42,
  status: 'live',
  score: { home: 3, away: 3 },
  events: [
    {
      id: 'ev-108',
      type: 'goal',
      minute: 108,
      team: 'home',
      player: 'Lionel Messi',
    },
  ],
};

const reason = (value: unknown) => {
  const checked = checkMatchUpdate(value);
  assert.equal(checked.ok, false, JSON.stringify(value));
  return (checked as { reason: string }).reason;
};

describe('live: the match update format', () => {
  it('accepts an update with each part the format has', () => {
    assert.ok(checkMatchUpdate(GOAL).ok);
    const everything = {
      ...GOAL,
      match: { source: 'feed', key: 'LEAGUE-2025-17' },
      events: [
        {
          id: 'a',
          type: 'penalty_goal',
          minute: 90,
          stoppage_minute: 4,
          period: 'second_half',
          team: 'away',
          player: null,
        },
        {
          id: 'b',
          type: 'substitution',
          minute: 70,
          team: 'home',
          player: 'In',
          related_player: 'Out',
          detail: 'injury',
        },
        { id: 'c', type: 'missed_penalty', minute: 12, team: 'home', player_id: 'player_abc' },
      ],
      remove_events: ['ev-1'],
      statistics: {
        home: { corners: 4, possession_percent: 55.5, expected_goals: 1.7 },
        away: { red_cards: null },
      },
      lineups: {
        home: {
          formation: '4-3-3',
          coach: 'A. Coach',
          starting: [
            { id: 'player_abc', shirt_number: 1, position: 'GK' },
            { key: 'P-9', name: 'A. Striker', shirt_number: 9, position: 'CF' },
          ],
          bench: [{ key: 'P-12', name: 'B. Keeper' }],
        },
        away: { formation: null, coach: null, starting: [{ id: 'player_def' }] },
      },
      correction: false,
    };
    assert.deepEqual(checkMatchUpdate(everything), { ok: true, update: everything });
  });

  it('names what is wrong', () => {
    assert.equal(reason({ ...GOAL, colour: 'red' }), 'colour is not a field the format knows');
    assert.equal(
      reason({ ...GOAL, events: [{ ...GOAL.events[0], shirt: 10 }] }),
      'events[0].shirt is not a field the format knows',
    );
    assert.equal(
      reason({ ...GOAL, status: 'halftime' }),
      'status must be one of scheduled, live, finished, postponed, canceled',
    );
    assert.equal(
      reason({ ...GOAL, match: 'M1' }),
      'match must be a Touchline match ID (match_…) or {source, key}',
    );
    assert.equal(reason({ match: GOAL.match, sequence: 1 }), 'update_id is missing');
    assert.equal(
      reason({ ...GOAL, update_id: ' x' }),
      'update_id must not be blank, nor start or end with a space',
    );
    assert.match(
      reason({ ...GOAL, sequence: -1 }),
      /^sequence: expected integer to be greater or equal to 0/,
    );
    assert.match(reason({ ...GOAL, sequence: 2 ** 31 }), /^sequence: /);
    assert.match(reason({ ...GOAL, score: { home: -1, away: 0 } }), /^score\.home: /);
    assert.equal(
      reason({ ...GOAL, events: [{ ...GOAL.events[0], type: 'corner' }] }),
      'events[0].type must be one of goal, own_goal, penalty_goal, missed_penalty, yellow_card, second_yellow_card, red_card, substitution',
    );
    const lineup = (home: unknown) => reason({ ...GOAL, lineups: { home } });
    assert.equal(
      lineup({ starting: [{ id: 'player_abc', captain: true }] }),
      'lineups.home.starting[0].captain is not a field the format knows',
    );
    assert.equal(
      lineup({ starting: [{ key: 'P-9', name: 'A', shirt: 9 }] }),
      'lineups.home.starting[0].shirt is not a field the format knows',
    );
    assert.equal(lineup({ starting: [{ key: 'P-9' }] }), 'lineups.home.starting[0].name is missing');
    assert.equal(
      lineup({ starting: [{ name: 'A' }] }),
      'lineups.home.starting[0] must be {id} or {key, name}',
    );
    assert.match(lineup({ starting: [{ id: 'P9' }] }), /^lineups\.home\.starting\[0\]\.id: /);
    assert.match(
      lineup({ starting: [{ id: 'player_a', shirt_number: 100 }] }),
      /^lineups\.home\.starting\[0\]\.shirt_number: /,
    );
    assert.match(lineup({ starting: [] }), /^lineups\.home\.starting: expected array length/);
    assert.match(
      lineup({ starting: Array.from({ length: 12 }, (_, i) => ({ key: `p${i}`, name: `P ${i}` })) }),
      /^lineups\.home\.starting: expected array length/,
    );
    assert.match(
      lineup({
        starting: [{ id: 'player_a' }],
        bench: Array.from({ length: 24 }, (_, i) => ({ key: `p${i}`, name: `P ${i}` })),
      }),
      /^lineups\.home\.bench: expected array length/,
    );
    assert.equal(lineup({ bench: [] }), 'lineups.home.starting is missing');
    assert.equal(
      lineup({ starting: [{ id: 'player_a' }], shape: '4-4-2' }),
      'lineups.home.shape is not a field the format knows',
    );
    assert.equal(
      reason({ ...GOAL, lineups: { middle: { starting: [] } } }),
      'lineups.middle is not a field the format knows',
    );
    assert.equal(reason([GOAL]), 'an update must be a JSON object');
    assert.equal(reason(null), 'an update must be a JSON object');
  });

  it(`${MATCH_UPDATE_SCHEMA_FILE} is the schema the updates are checked against`, () => {
    const published = JSON.parse(
      fs.readFileSync(path.join(ROOT, MATCH_UPDATE_SCHEMA_FILE), 'utf8'),
    ) as unknown;
    assert.deepEqual(
      published,
      matchUpdateJsonSchema(),
      `regenerate it: npx tsx scripts/write-json-schemas.ts`,
    );
  });

  it('the published schema, read by a JSON Schema validator, judges as the format does', () => {
    const ajv = new Ajv2020({ strict: false });
    const validate = ajv.compile(matchUpdateJsonSchema());
    assert.ok(validate(GOAL), JSON.stringify(validate.errors));
    const withLineup = {
      ...GOAL,
      lineups: {
        away: { starting: [{ key: 'k', name: 'N', shirt_number: 0 }], bench: [{ id: 'player_a' }] },
      },
    };
    assert.ok(validate(withLineup), JSON.stringify(validate.errors));
    assert.ok(checkMatchUpdate(withLineup).ok);
    for (const bad of [
      { ...GOAL, colour: 'red' },
      { ...GOAL, sequence: -1 },
      { ...GOAL, match: 'M1' },
      { ...GOAL, lineups: { home: { starting: [{ id: 'player_a', captain: true }] } } },
      { ...GOAL, lineups: { home: { starting: [{ key: 'k' }] } } },
      { ...GOAL, lineups: { home: { starting: [] } } },
    ]) {
      assert.equal(validate(bad), false, JSON.stringify(bad));
      assert.equal(checkMatchUpdate(bad).ok, false);
    }
  });
});
