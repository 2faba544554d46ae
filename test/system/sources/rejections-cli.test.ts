// Acceptance 4: a row a source cannot use is rejected on its own, counted in the run, and listed with its
// file, place and reason by `touchline runs <id>`, for every source.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { match, player, TEAMS, writeTables } from '../../support/fjelstul/fixtures.js';
import {
  BURNLEY_CITY,
  BURNLEY_CITY_ROW,
  csvRow,
  tempDir,
  writeClubs,
  writeFootballData,
  writeFootballJson,
  writeWorldcupJson,
} from '../../support/sources/fixtures.js';
import { writeInternationalResults } from '../../support/international-results.js';
import { cliOnce } from '../../support/cli.js';
import {
  ingestOk,
  openTestStorage,
  type SourceName,
  type TestStorage,
} from '../../support/sources/storage.js';

/** `touchline runs <id>` against the test database; its standard output. */
async function runsCommand(url: string, id: number): Promise<string> {
  const { code, stdout, stderr } = await cliOnce(['runs', String(id)], { DATABASE_URL: url });
  assert.equal(code, 0, stderr);
  return stdout;
}

const FINAL = {
  round: 'Final',
  date: '2022-12-18',
  team1: 'Argentina',
  team2: 'France',
  score: { ft: [2, 2] },
};

/** Per source: its artifact with one bad row among good ones, and the reason the run must give. */
const CASES: Array<{
  source: SourceName;
  write: (dir: string) => string;
  file: RegExp;
  ref: string;
  reason: RegExp;
}> = [
  {
    source: 'openfootball',
    write: (dir) => writeFootballJson(dir, [BURNLEY_CITY, { ...BURNLEY_CITY, date: '2023-02-30' }]),
    file: /2023-24\/en\.1\.json/,
    ref: 'matches[1]',
    reason: /date/i,
  },
  {
    source: 'worldcup-json',
    write: (dir) => writeWorldcupJson(dir, '2022', [FINAL, { ...FINAL, date: '2022-12-32' }]),
    file: /2022\/worldcup\.json/,
    ref: 'matches[1]',
    reason: /date/i,
  },
  {
    source: 'fjelstul',
    write: (dir) =>
      writeTables(dir, {
        teams: [
          ...TEAMS,
          { team_id: 'T-99', team_name: 'Atlantis', team_code: 'ZZZ', mens_team: 1, womens_team: 0 },
        ],
        players: [player('P-1', 'Lionel', 'Messi')],
        matches: [match()],
      }),
    file: /teams\.csv/,
    ref: 'row 7',
    reason: /team "Atlantis" \(ZZZ\) is not in the national-team table/,
  },
  {
    source: 'football-data',
    write: (dir) =>
      writeFootballData(dir, [
        BURNLEY_CITY_ROW,
        csvRow({ Date: '2023-08-12', HomeTeam: 'Nowhere Rovers', AwayTeam: 'Burnley' }),
      ]),
    file: /premier-league\/season-2324\.csv/,
    ref: 'row 2',
    reason: /team "Nowhere Rovers" is not a known club/,
  },
  {
    source: 'international-results',
    write: (dir) =>
      writeInternationalResults(dir, {
        results: [
          '1872-11-30,Scotland,England,0,0,Friendly,Glasgow,Scotland,FALSE',
          '1873-03-08,England,Atlantis,4,2,Friendly,London,England,FALSE',
        ],
      }),
    file: /international_results\/results\.csv/,
    ref: 'row 2',
    reason: /unknown national team "Atlantis"/,
  },
];

describe('sources: every rejected row is counted and listed by `touchline runs <id>`', () => {
  const tmp = tempDir();
  let storage: TestStorage;

  before(async () => {
    writeClubs(tmp.dir);
    storage = await openTestStorage('rejections.db');
  });
  after(async () => {
    await storage?.close();
    tmp.cleanup();
  });

  for (const c of CASES) {
    it(`${c.source}: one bad row is rejected with its reason, the rest kept`, async () => {
      const summary = await ingestOk(storage, c.source, c.write(tmp.dir));
      assert.equal(summary.rejected, 1);
      assert.ok(summary.inserted > 0, 'the good rows are kept');
      const out = await runsCommand(storage.url, summary.runId);
      assert.match(out, new RegExp(`^run ${summary.runId}: succeeded$`, 'm'));
      assert.match(out, /^records seen \d+: inserted \d+, updated \d+, unchanged \d+, rejected 1$/m);
      const listed = out.slice(out.indexOf('\nrejections ('));
      assert.match(listed, /^rejections \(1\):$/m);
      const [line] = listed.split('\n').filter((l) => l.startsWith('  '));
      assert.match(line ?? '', c.file);
      assert.ok(line?.includes(` ${c.ref}: `), `${line} names ${c.ref}`);
      assert.match(line ?? '', c.reason);
    });
  }
});
