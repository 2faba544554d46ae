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
      `regenerate it: npx tsx scripts/write-match-update-schema.ts`,
    );
  });

  it('the published schema, read by a JSON Schema validator, judges as the format does', () => {
    const ajv = new Ajv2020({ strict: false });
    const validate = ajv.compile(matchUpdateJsonSchema());
    assert.ok(validate(GOAL), JSON.stringify(validate.errors));
    for (const bad of [
      { ...GOAL, colour: 'red' },
      { ...GOAL, sequence: -1 },
      { ...GOAL, match: 'M1' },
    ]) {
      assert.equal(validate(bad), false, JSON.stringify(bad));
      assert.equal(checkMatchUpdate(bad).ok, false);
    }
  });
});
