// `serve` with TOUCHLINE_ADMIN_PORT: the admin listener answers on its own port, with or without workers
// (from the primary, once), and the API's port knows nothing of it.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { freePort, runCli, waitForHealth } from '../../support/cli.js';

const TOKEN = 'serve-admin-token-0123456789abcdef';

for (const workers of [1, 2]) {
  test(`serve --workers ${workers} serves the admin listener`, { timeout: 90_000 }, async (t) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'touchline-admin-'));
    t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
    const [port, adminPort] = [await freePort(), await freePort()];
    const server = runCli(t, ['serve', '--workers', String(workers)], {
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: `sqlite:${path.join(dir, 'admin.db')}`,
      TOUCHLINE_SOURCES: '',
      TOUCHLINE_ADMIN_PORT: String(adminPort),
      TOUCHLINE_ADMIN_TOKEN: TOKEN,
      LOG_LEVEL: 'warn',
    });
    await waitForHealth(`http://127.0.0.1:${port}`, server, 30_000);
    const body = JSON.stringify({ update_id: 'u1', match: 'match_nosuchmatch', sequence: 1, status: 'live' });
    const send = (base: string) =>
      fetch(`${base}/admin/v1/live/updates`, {
        method: 'POST',
        body,
        headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      });
    const res = await send(`http://127.0.0.1:${adminPort}`);
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), {
      data: [{ index: 0, outcome: 'rejected', update_id: 'u1', reason: 'unknown match match_nosuchmatch' }],
      // The batch's tally (docs/live-updates.md): every outcome counted, each reason with what is unlisted.
      meta: {
        outcomes: { applied: 0, duplicate: 0, rejected: 1, stale: 0 },
        rejections: [{ count: 1, reason: 'unknown match match_nosuchmatch', unlisted: [] }],
      },
    });
    const api = await send(`http://127.0.0.1:${port}`);
    assert.equal(api.status, 404, 'not on the API port');
    await api.arrayBuffer();
  });
}
