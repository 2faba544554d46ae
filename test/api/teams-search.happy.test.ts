// Team search finds every spelling a source used or the club directory lists, with or without its
// punctuation: "Man United", "Wolves", "Nott'm Forest" = "Nott m Forest" = "NOTT’M".
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { loadOpenfootball } from '../../src/ingest/openfootball/adapter.js';
import { runIngestion } from '../../src/ingest/runner.js';
import { buildTestApp, INGESTED_AT } from '../support/build-app.js';
import { API, getOk } from '../support/api-contract.js';

type Team = { id: string; name: string };

const CLUBS = `= England

Manchester United FC, 1878, @ Old Trafford, Manchester
  | Man Utd | Man. United | Manchester United
Nottingham Forest FC, 1865, Nottingham
  | Nott'm Forest | Nottingham Forest
Wolverhampton Wanderers FC, 1877, Wolverhampton
  | Wolves | Wolverhampton Wanderers
`;

const SEASON = {
  name: 'English Premier League 2024/25',
  matches: [
    {
      round: 'Matchday 1',
      date: '2024-08-17',
      team1: 'Wolverhampton Wanderers FC',
      team2: 'Nottingham Forest FC',
      score: { ft: [1, 1] },
    },
    {
      round: 'Matchday 1',
      date: '2024-08-18',
      team1: 'Manchester United FC',
      team2: 'Arsenal FC',
      score: { ft: [0, 2] },
    },
  ],
};

test('team search', async (t) => {
  const { app, auth, storage, cache, dir, ids } = await buildTestApp(t);
  // A later season read with a club directory, as an existing database meets it: the clubs already
  // stored (Nottingham Forest, Manchester United) gain the directory's spellings too.
  const root = path.join(dir, 'with-clubs');
  const from = path.join(root, 'football.json');
  fs.mkdirSync(path.join(from, '2024-25'), { recursive: true });
  fs.writeFileSync(path.join(from, '2024-25', 'en.1.json'), JSON.stringify(SEASON));
  const clubs = path.join(root, 'clubs');
  fs.mkdirSync(path.join(clubs, 'europe', 'england'), { recursive: true });
  fs.writeFileSync(path.join(clubs, 'europe', 'england', 'eng.clubs.txt'), CLUBS);
  const run = await runIngestion(storage, {
    source: 'openfootball',
    location: from,
    load: () => loadOpenfootball({ from, clubs }),
    clock: () => new Date(INGESTED_AT),
  });
  assert.equal(run.outcome, 'succeeded', run.error ?? '');
  await cache.clear();

  const search = async (q: string) => {
    const { body } = await getOk<{ data: Team[] }>(
      app,
      `${API}/football/teams?q=${encodeURIComponent(q)}`,
      auth(),
    );
    return body.data.map((team) => team.name);
  };

  await t.test('finds the football-data spellings the club directory or the project lists', async () => {
    assert.deepEqual(await search('Man United'), ['Manchester United FC']);
    assert.deepEqual(await search('Man Utd'), ['Manchester United FC']);
    assert.deepEqual(await search('Wolves'), ['Wolverhampton Wanderers FC']);
    assert.deepEqual(await search("Nott'm Forest"), ['Nottingham Forest FC']);
  });

  await t.test('ignores punctuation against the spellings: apostrophes and dots', async () => {
    for (const q of ["nott'm", 'NOTT’M FOREST', 'Nott m Forest', 'nott`m']) {
      assert.deepEqual(await search(q), ['Nottingham Forest FC'], q);
    }
    for (const q of ['Man. United', 'man.utd', 'MAN. UTD']) {
      assert.deepEqual(await search(q), ['Manchester United FC'], q);
    }
  });

  await t.test('the club found under a new spelling keeps its ID', async () => {
    const { body } = await getOk<{ data: Team[] }>(app, `${API}/football/teams?q=man%20utd`, auth());
    assert.deepEqual(
      body.data.map((team) => team.id),
      [ids.teams.manUtd],
    );
  });

  await t.test('punctuation alone, or LIKE wildcards, match nothing', async () => {
    for (const q of ["'", '.', '%', '_', "%'"]) assert.deepEqual(await search(q), [], q);
  });
});
