// Issue 16: a source file that is not valid UTF-8 is never read with replacement characters (a team named
// `Arsenal �� FC`). For every source it is rejected as a whole, with the byte offset of its first invalid
// sequence, and listed by `touchline runs <id>`; the other files are kept. Where nothing can stand in for
// the file (a required Fjelstul table, the club directory) the run fails and writes nothing.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { match, player, TEAMS, writeTables } from '../../support/fjelstul/fixtures.js';
import { cliOnce } from '../../support/cli.js';
import {
  BURNLEY_CITY,
  BURNLEY_CITY_ROW,
  FOOTBALL_DATA_COLUMNS,
  tempDir,
  writeClubs,
  writeFootballData,
  writeFootballJson,
  writeWorldcupJson,
} from '../../support/sources/fixtures.js';
import {
  ingestOk,
  ingestSource,
  openTestStorage,
  type SourceName,
  type TestStorage,
} from '../../support/sources/storage.js';

/** Text with raw bytes spliced in where `{bad}` stands. */
function withBytes(text: string, bad: number[]): Buffer {
  const [before = '', after = ''] = text.split('{bad}');
  return Buffer.concat([Buffer.from(before), Buffer.from(bad), Buffer.from(after)]);
}

function writeBytes(file: string, bytes: Buffer): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, bytes);
}

/** The reason a file gets: its first invalid sequence's first byte, offset and line. */
function notUtf8(bytes: Buffer, bad: number): string {
  const at = bytes.indexOf(bad);
  const line = bytes.subarray(0, at).toString('latin1').split('\n').length;
  return `not valid UTF-8: invalid byte sequence (0x${bad.toString(16)}) at byte offset ${at}, line ${line}`;
}

/** `touchline runs <id>`: its rejection lines. */
async function listedRejections(storage: TestStorage, runId: number): Promise<string[]> {
  const { code, stdout, stderr } = await cliOnce(['runs', String(runId)], { DATABASE_URL: storage.url });
  assert.equal(code, 0, stderr);
  return stdout
    .slice(stdout.indexOf('\nrejections ('))
    .split('\n')
    .filter((line) => line.startsWith('  '));
}

async function count(storage: TestStorage, table: 'teams' | 'matches'): Promise<number> {
  const row = await storage.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Per source: a good file and a file that is not UTF-8 beside it, and where the bad file is named. */
const CASES: Array<{
  source: SourceName;
  write: (root: string) => { from: string; bad: Buffer; uri: string; byte: number };
}> = [
  {
    source: 'openfootball',
    write: (root) => {
      const from = writeFootballJson(root, [BURNLEY_CITY]);
      const bad = withBytes(
        JSON.stringify({
          name: 'English Premier League 2022/23',
          matches: [
            { round: 'Matchday 1', date: '2022-08-05', team1: 'Arsenal {bad} FC', team2: 'Burnley FC' },
          ],
        }),
        [0xff, 0xfe],
      );
      writeBytes(path.join(from, '2022-23', 'en.1.json'), bad);
      return { from, bad, uri: 'football.json/2022-23/en.1.json', byte: 0xff };
    },
  },
  {
    source: 'worldcup-json',
    write: (root) => {
      const from = writeWorldcupJson(root, '2022', [
        { round: 'Final', date: '2022-12-18', team1: 'Argentina', team2: 'France', score: { ft: [3, 3] } },
      ]);
      // A two-byte lead (0xc3) followed by "(" instead of a continuation byte.
      const bad = withBytes(
        JSON.stringify(
          {
            name: 'World Cup 2018',
            matches: [{ round: 'Final', date: '2018-07-15', team1: 'France', team2: 'Croatia{bad}' }],
          },
          null,
          2,
        ),
        [0xc3, 0x28],
      );
      writeBytes(path.join(from, '2018', 'worldcup.json'), bad);
      return { from, bad, uri: 'worldcup.json/2018/worldcup.json', byte: 0xc3 };
    },
  },
  {
    source: 'football-data',
    write: (root) => {
      const from = writeFootballData(root, [BURNLEY_CITY_ROW]);
      // Latin-1 "é" (0xe9), as a file saved in the wrong encoding has it.
      const bad = withBytes(
        `${FOOTBALL_DATA_COLUMNS.join(',')}\n${BURNLEY_CITY_ROW.replace('2023-08-11', '2022-08-06')}\n` +
          `2022-08-07,Arsenal,Bourn{bad}mouth,3,0,H,2,0,H,A Taylor,20,6,8,1,9,10,7,2,1,2,0,0\n`,
        [0xe9],
      );
      writeBytes(path.join(from, 'datasets', 'premier-league', 'season-2223.csv'), bad);
      return { from, bad, uri: 'football-data/datasets/premier-league/season-2223.csv', byte: 0xe9 };
    },
  },
  {
    source: 'fjelstul',
    write: (root) => {
      const from = writeTables(root, {
        teams: TEAMS,
        players: [player('P-1', 'Lionel', 'Messi')],
        matches: [match()],
      });
      // goals.csv is optional: without it the run goes on as without goals. A stray continuation byte.
      const bad = withBytes('goal_id,match_id\nG-1,M-2022-64{bad}\n', [0x80]);
      writeBytes(path.join(from, 'goals.csv'), bad);
      return { from, bad, uri: 'data-csv/goals.csv', byte: 0x80 };
    },
  },
];

describe('sources: a file that is not valid UTF-8', () => {
  const tmp = tempDir();
  let storage: TestStorage;

  before(async () => {
    storage = await openTestStorage('invalid-utf8.db');
  });
  after(async () => {
    await storage?.close();
    tmp.cleanup();
  });

  for (const c of CASES) {
    it(`${c.source}: is rejected as a whole with its byte offset, listed by \`touchline runs\`; the rest is kept`, async () => {
      const root = path.join(tmp.dir, c.source);
      writeClubs(root);
      const { from, bad, uri, byte } = c.write(root);
      const summary = await ingestOk(storage, c.source, from);
      assert.equal(summary.rejected, 1);
      assert.ok(summary.inserted > 0, 'the good file is kept');
      const lines = await listedRejections(storage, summary.runId);
      assert.deepEqual(lines, [`  ${uri} whole file: ${notUtf8(bad, byte)}`]);
      const names = await storage.db.selectFrom('teams').select('name').execute();
      assert.ok(
        names.every((t) => !t.name.includes('\uFFFD')),
        'no replacement character stored',
      );
    });
  }

  it('fjelstul: the note says what the run went without', async () => {
    const root = path.join(tmp.dir, 'fjelstul-note');
    const { from } = CASES.find((c) => c.source === 'fjelstul')!.write(root);
    const summary = await ingestOk(storage, 'fjelstul', from);
    assert.ok(
      summary.notes.includes(
        'goals.csv is rejected (not UTF-8): no goals in the timelines, no half-time scores',
      ),
      summary.notes.join('\n'),
    );
  });

  it('a UTF-8 byte-order mark is accepted, in JSON and CSV alike', async () => {
    const root = path.join(tmp.dir, 'bom');
    writeClubs(root);
    const json = writeFootballJson(root, [BURNLEY_CITY]);
    const file = path.join(json, '2023-24', 'en.1.json');
    fs.writeFileSync(file, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), fs.readFileSync(file)]));
    const csv = writeFootballData(root, [BURNLEY_CITY_ROW]);
    const season = path.join(csv, 'datasets', 'premier-league', 'season-2324.csv');
    fs.writeFileSync(season, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), fs.readFileSync(season)]));
    for (const [source, from] of [
      ['openfootball', json],
      ['football-data', csv],
    ] as const) {
      const summary = await ingestOk(storage, source, from);
      assert.equal(summary.rejected, 0, source);
      assert.ok(summary.recordsSeen > 0, source);
    }
  });
});

describe('sources: a file that is not valid UTF-8 and cannot be left out fails the run', () => {
  const tmp = tempDir();
  let storage: TestStorage;

  before(async () => {
    storage = await openTestStorage('invalid-utf8-failed.db');
  });
  after(async () => {
    await storage?.close();
    tmp.cleanup();
  });

  it('a required Fjelstul table', async () => {
    const root = path.join(tmp.dir, 'fjelstul');
    const from = writeTables(root, {
      teams: [],
      players: [player('P-1', 'Lionel', 'Messi')],
      matches: [match()],
    });
    const bad = withBytes(
      'team_id,team_name,team_code,mens_team,womens_team\nT-03,Argentin{bad},ARG,1,1\n',
      [0xf5],
    );
    writeBytes(path.join(from, 'teams.csv'), bad);
    const summary = await ingestSource(storage, 'fjelstul', from);
    assert.equal(summary.outcome, 'failed');
    assert.equal(summary.error, `data-csv/teams.csv: ${notUtf8(bad, 0xf5)}`);
    assert.equal(await count(storage, 'matches'), 0);
    assert.equal(await count(storage, 'teams'), 0);
  });

  it('a file of the club directory', async () => {
    const root = path.join(tmp.dir, 'clubs');
    const from = writeFootballJson(root, [BURNLEY_CITY]);
    const bad = withBytes(
      '= England\nBurnley FC, 1882, Burnley\nArsenal FC{bad}, 1886, London\n',
      [0xed, 0xa0, 0x80],
    );
    writeBytes(path.join(root, 'clubs', 'europe', 'england', 'eng.clubs.txt'), bad);
    const summary = await ingestSource(storage, 'openfootball', from);
    assert.equal(summary.outcome, 'failed');
    assert.equal(summary.error, `clubs/europe/england/eng.clubs.txt: ${notUtf8(bad, 0xed)}`);
    assert.equal(await count(storage, 'matches'), 0);
    assert.equal(await count(storage, 'teams'), 0);
  });
});
