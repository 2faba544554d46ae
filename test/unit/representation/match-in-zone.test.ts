// A match's stored JSON shown in a time zone (src/representation/match-in-zone.ts): starts_at spliced in,
// every other byte as stored, from matchJson's own text.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { matchJson, matchView, type ShownMatchRow } from '../../../src/representation/match.js';
import { matchJsonInZone, matchViewInZone } from '../../../src/representation/match-in-zone.js';

const ROW: ShownMatchRow = {
  id: 'match_abc',
  competition_id: 'comp_wc',
  // Names that hold the key's text: escaped by JSON.stringify, they are never taken for it.
  competition_name: 'World Cup "starts_at":"1999-01-01T00:00:00Z"',
  season_id: 'season_wc',
  season_name: '2026 \\"starts_at\\":\\"',
  starts_at: '2026-06-11T19:00:00Z',
  time_known: 1,
  round: 'Matchday 1',
  stage: null,
  status: 'scheduled',
  source_status: null,
  home_team_id: 'team_mex',
  home_team_name: 'Mexico',
  home_team_logo_url: null,
  away_team_id: 'team_rsa',
  away_team_name: 'South Africa',
  away_team_logo_url: null,
  home_score: null,
  away_score: null,
  ht_home: null,
  ht_away: null,
  ft_home: null,
  ft_away: null,
  et_home: null,
  et_away: null,
  pen_home: null,
  pen_away: null,
  shootout_winner: null,
  first_leg_id: null,
  first_leg_home_score: null,
  first_leg_away_score: null,
  venue_name: 'Estadio Azteca',
  venue_city: 'Mexico City',
  venue_country: 'Mexico',
  neutral: 0,
  updated_at: '2026-01-01T00:00:00Z',
};

test('starts_at is spliced in with the zone offset; every other byte stays', () => {
  const stored = matchJson(ROW);
  const shown = matchJsonInZone(stored, 'America/Mexico_City');
  const expected = JSON.stringify({ ...matchView(ROW), starts_at: '2026-06-11T13:00:00-06:00' });
  assert.equal(shown, expected);
  assert.equal(shown.replace('2026-06-11T13:00:00-06:00', ROW.starts_at), stored);
  assert.deepEqual(JSON.parse(shown), matchViewInZone(matchView(ROW), 'America/Mexico_City'));
});

test('a date-only kick-off shows its date at the start of that day in the zone', () => {
  const row = { ...ROW, starts_at: '2026-06-11T00:00:00Z', time_known: 0 };
  for (const [zone, startsAt] of [
    ['America/Mexico_City', '2026-06-11T00:00:00-06:00'],
    ['Pacific/Kiritimati', '2026-06-11T00:00:00+14:00'],
  ] as const) {
    const shown = JSON.parse(matchJsonInZone(matchJson(row), zone));
    assert.equal(shown.starts_at, startsAt, zone);
    assert.equal(shown.starts_at_precision, 'date');
    assert.deepEqual(shown, matchViewInZone(matchView(row), zone));
  }
});

test('text without starts_at comes back as it is', () => {
  for (const text of ['', '{}', '{"id":"match_x"}', '{"starts_at":"2026']) {
    assert.equal(matchJsonInZone(text, 'Europe/Berlin'), text);
  }
});
