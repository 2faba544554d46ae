// The real 2022 World Cup final (Argentina 3-3 France, 4-2 on penalties) from the Fjelstul World Cup
// Database in ../shared/data, replayed at full speed on the engine under test: all six goals in order,
// live then finished, and the match and its timeline as stored. Only the final's rows of the match tables
// are ingested (with every team and player), which gives the match the ID the whole database gives it.
// Skipped with a message when the shared data folder is absent, except under CI=true.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { prepareReplay } from '../../../src/replay/prepare-replay.js';
import { directTarget } from '../../../src/replay/replay-target.js';
import { runReplay } from '../../../src/replay/run-replay.js';
import { tempDir } from '../../support/fjelstul/fixtures.js';
import { goalsIn, replayBed, type ReplayBed } from '../../support/replay/replay-bed.js';
import { DATA as SHARED_DATA, needsSharedData, SHARED_AVAILABLE } from '../../support/shared-data.js';

const DATA = path.join(SHARED_DATA.fjelstul, 'data-csv');
const AVAILABLE = SHARED_AVAILABLE;
const FINAL = 'M-2022-64';

/**
 * The dataset's teams and players, and the final's rows of the tables its timeline comes from. No field
 * of this dataset spans lines, so a row is a line.
 */
function writeFinalOnly(dir: string): string {
  const folder = path.join(dir, 'data-csv');
  fs.mkdirSync(folder, { recursive: true });
  for (const table of ['teams', 'players']) {
    fs.copyFileSync(path.join(DATA, `${table}.csv`), path.join(folder, `${table}.csv`));
  }
  for (const table of ['matches', 'goals', 'bookings', 'substitutions', 'penalty_kicks']) {
    const [header, ...lines] = fs.readFileSync(path.join(DATA, `${table}.csv`), 'utf8').split('\n');
    const rows = lines.filter((line) => line.split(',').includes(FINAL));
    fs.writeFileSync(path.join(folder, `${table}.csv`), `${[header, ...rows].join('\n')}\n`);
  }
  return dir;
}

describe('replay: the real 2022 World Cup final', () => {
  const tmp = tempDir('touchline-final-');
  let bed: ReplayBed;

  before(async () => {
    if (AVAILABLE) bed = await replayBed(writeFinalOnly(tmp.dir));
  });
  after(async () => {
    if (AVAILABLE) await bed.close();
    tmp.cleanup();
  });

  it('replays with all six goals in order, live then finished, ending as stored', async (t) => {
    if (!needsSharedData(t)) return;
    const id = await bed.matchId(FINAL);
    const stored = await bed.answers(id);
    assert.equal(stored.match.status, 'finished');

    const started = performance.now();
    const prepared = await prepareReplay(bed.storage.db, id);
    const result = await runReplay(prepared.plan, directTarget(bed.storage), {
      speed: 0,
      emit: () => undefined,
    });
    const ms = performance.now() - started;
    const minutes = prepared.plan.fullTimeAt;
    t.diagnostic(
      `2022 final: ${result.applied} updates applied in ${ms.toFixed(0)} ms at full speed; ` +
        `${minutes} match minutes, ${Math.round(minutes)} s at the default speed (60)`,
    );

    const log = await bed.liveLog(id);
    assert.deepEqual(goalsIn(log), [
      "23' Lionel Messi 1-0",
      "36' Ángel Di María 2-0",
      "80' Kylian Mbappé 2-1",
      "81' Kylian Mbappé 2-2",
      "108' Lionel Messi 3-2",
      "118' Kylian Mbappé 3-3",
    ]);
    assert.deepEqual(
      log.flatMap((c) => (c.status ? [c.status.to] : [])),
      ['scheduled', 'live', 'finished'],
    );
    assert.deepEqual(await bed.answers(id), stored, 'the match and its timeline as stored');
    // Over the live stream, the replay ends with Argentina (the home side) winners on penalties.
    const last = log.at(-1)!;
    assert.deepEqual(
      [last.state.status, last.state.winner, last.state.decided_by, last.state.score.penalties],
      ['finished', 'home', 'penalties', { home: 4, away: 2 }],
    );
    assert.deepEqual(last.state.score.extra_time, { home: 3, away: 3 });
  });
});
