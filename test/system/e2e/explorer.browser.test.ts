// The explorer (issue 45) in headless Chromium against the built server over the real data: a key pasted,
// the Premier League 2023-24's table, a match, the World Cup 2022 final's timeline, and a refused key;
// every request the page makes goes to the server's own origin.
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import puppeteer, { type Page } from 'puppeteer-core';
import { cliOnce, freePort, runCli, waitForHealth } from '../../support/cli.js';
import { needsSharedData } from '../../support/shared-data.js';
import { REAL_DATA } from '../../support/sources/real-data.js';
import { createTemplateCopy } from '../../support/test-database.js';

/** Debian's chromium (.ci/run installs it); another build can be named with CHROMIUM_PATH. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Kept after the run (git-ignored), so a person can look at what the page showed. */
const SHOTS = path.resolve(import.meta.dirname, '../../../test-results/explorer');

const installed = fs.existsSync(CHROMIUM);
const skip =
  !installed && process.env.CI !== 'true'
    ? `chromium is not installed at ${CHROMIUM} (apt-get install -y chromium): SKIPPING the browser test of the explorer`
    : false;
if (skip) console.log(`ℹ ${skip}`);

/**
 * Clicks the link whose text is exactly `text` inside `scope`, waits until the view shows the route it
 * leads to (main.js marks it), then for `next`.
 */
async function follow(page: Page, scope: string, text: string, next: string): Promise<void> {
  const before = await page.evaluate(() => location.hash);
  const clicked = await page.$$eval(
    `${scope} a`,
    (links, wanted) => {
      const found = links.find((a) => a.textContent?.trim() === wanted);
      (found as HTMLAnchorElement | undefined)?.click();
      return found !== undefined;
    },
    text,
  );
  assert.ok(clicked, `a link "${text}" in ${scope}`);
  await page.waitForFunction(
    (from) => location.hash !== from && document.getElementById('view')?.dataset.shown === location.hash,
    { timeout: 15_000 },
    before,
  );
  await page.waitForSelector(next, { timeout: 15_000 });
}

test(
  'the explorer shows a table, a match and a timeline from the real data, with nothing fetched from elsewhere',
  { skip, timeout: 240_000 },
  async (t) => {
    assert.ok(installed, `CI=true needs chromium at ${CHROMIUM}`);
    if (!needsSharedData(t)) return;
    // A copy of the shared real-data build (every source ingested), on SQLite: the built server reads it.
    const database = await createTemplateCopy(REAL_DATA, 'explorer.db');
    t.after(() => database.drop());
    // Two plans: one the page never comes near, and one of a single request a minute, for a real 429.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'touchline-explorer-'));
    t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
    const plansFile = path.join(dir, 'plans.json');
    const plan = (name: string, perMinute: number) => ({
      name,
      requests_per_minute: perMinute,
      requests_per_period: 1_000_000,
      description: `Explorer test: ${perMinute} a minute`,
    });
    fs.writeFileSync(plansFile, JSON.stringify([plan('roomy', 100_000), plan('tiny', 1)]));
    const env = {
      DATABASE_URL: database.url,
      TOUCHLINE_SOURCES: '',
      LOG_LEVEL: 'warn',
      TOUCHLINE_PLANS_FILE: plansFile,
    };
    const keyOf = async (planName: string) => {
      const created = await cliOnce(['keys', 'create', '--plan', planName, '--name', planName], env);
      assert.equal(created.code, 0, created.stderr);
      const made = created.stdout.trim();
      assert.match(made, /^test_\w+$/);
      return made;
    };
    const key = await keyOf('roomy');
    const tinyKey = await keyOf('tiny');
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const serve = runCli(t, ['serve'], {
      ...env,
      HOST: '127.0.0.1',
      PORT: String(port),
      TOUCHLINE_STREAM_TOKEN_SECRET: crypto.randomBytes(32).toString('hex'),
    });
    await waitForHealth(origin, serve, 60_000);

    const browser = await puppeteer.launch({
      executablePath: CHROMIUM,
      headless: true,
      // Root in a container: no user namespaces for Chromium's sandbox, and a small /dev/shm.
      args: ['--no-sandbox', '--disable-dev-shm-usage'],
    });
    t.after(() => browser.close());
    const page = await browser.newPage();
    await page.setViewport({ width: 1280, height: 1000 });
    const requested: string[] = [];
    page.on('request', (request) => void requested.push(request.url()));
    const failed: string[] = [];
    page.on(
      'requestfailed',
      (request) => void failed.push(`${request.url()} ${request.failure()?.errorText}`),
    );
    // Every answer of 400 or more but the refusal the test asks for (a wrong key: 401 on the API).
    const refused: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 400 && response.status() !== 401 && response.status() !== 429)
        refused.push(`${response.status()} ${response.url()}`);
    });
    const problems: string[] = [];
    page.on('pageerror', (error) => void problems.push(`page error: ${String(error)}`));
    page.on('console', (message) => {
      if (message.type() === 'error' && !/status of 4(01|29)/.test(message.text()))
        problems.push(`console: ${message.text()}`);
    });
    fs.mkdirSync(SHOTS, { recursive: true });
    const shot = async (name: string) =>
      page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });

    const res = await page.goto(`${origin}/api/v1/explorer`, { waitUntil: 'networkidle0' });
    assert.equal(res?.status(), 200);
    assert.equal(new URL(page.url()).pathname, '/api/v1/explorer/', 'redirected to the folder');
    assert.match(res!.headers()['content-security-policy'] ?? '', /default-src 'none'/);

    // A wrong key first: the page says it was refused, from the error envelope.
    await page.type('#key-input', 'test_not_a_key');
    await page.click('#key-save');
    await page.waitForSelector('.problem[data-status="401"]', { timeout: 15_000 });
    const refusal = await page.$eval('.problem', (n) => (n as HTMLElement).innerText);
    assert.match(refusal, /401/);
    assert.match(refusal, /key was refused/);
    await shot('01-refused-key');

    await page.type('#key-input', key);
    await page.click('#key-save');
    await page.waitForSelector('#competitions li', { timeout: 15_000 });
    await page.waitForFunction(() => document.querySelector('#key-status')?.classList.contains('ok'));
    assert.equal(
      await page.$eval('#key-input', (n) => (n as HTMLInputElement).value),
      '',
      'the field is cleared',
    );

    await follow(page, '#competitions', 'English Premier League', '#seasons li');
    await follow(page, '#seasons', '2023/24', 'table.standings tbody tr');
    const rows = await page.$$eval('table.standings tbody tr', (trs) =>
      trs.map((tr) => ({
        team: tr.querySelector('th')?.textContent?.trim(),
        zone: tr.getAttribute('title'),
        cells: [...tr.querySelectorAll('td')].map((td) => td.textContent?.trim()),
      })),
    );
    assert.equal(rows.length, 20, 'the Premier League 2023-24 table has 20 rows');
    assert.equal(rows[0]!.team, 'Manchester City FC');
    assert.equal(rows[0]!.cells.at(-2), '91', 'champions with 91 points');
    assert.equal(rows[0]!.zone, 'Champions');
    assert.deepEqual(
      rows.slice(17).map((r) => r.zone),
      ['Relegation', 'Relegation', 'Relegation'],
    );
    assert.ok(await page.$('.legend .zone-relegation'), 'the zones are explained');
    await shot('02-premier-league-2023-24-table');

    // A team from the table: its fixtures of that season, in kick-off order.
    await follow(page, 'table.standings', 'Arsenal FC', '#team-matches li.match');
    const fixtures = await page.$$eval('#team-matches li.match', (items) =>
      items.map((li) => (li as HTMLElement).innerText.replace(/\s+/g, ' ')),
    );
    assert.equal(fixtures.length, 38, 'Arsenal played 38 league matches');
    assert.match(fixtures[0]!, /Arsenal FC 2–1 Nottingham Forest FC/);
    assert.match(await page.$eval('h2', (n) => n.textContent ?? ''), /English Premier League 2023\/24/);
    await shot('03-team-fixtures');
    const table = await page.evaluate(() => location.hash);
    await page.goBack();
    await page.waitForFunction(
      (from) => location.hash !== from && document.getElementById('view')?.dataset.shown === location.hash,
      {},
      table,
    );
    await page.waitForSelector('table.standings tbody tr');

    await follow(page, '.tabs.views', 'Form (last 5)', '.standings .form .result');
    const forms = await page.$$eval('table.standings tbody tr .form', (n) => n.map((f) => f.textContent));
    assert.equal(forms.length, 20);
    for (const form of forms) assert.match(form ?? '', /^[WDL]{5}$/);
    await shot('04-form-table');

    await follow(page, '.tabs', 'Matches by round', '#round-matches li.match');
    assert.equal(
      await page.$eval('.rounds .current', (n) => n.textContent),
      'Matchday 38',
      'a finished season opens at its last round',
    );
    await follow(page, '.rounds', 'Matchday 1', '#round-matches li.match');
    const round = await page.$$eval('#round-matches li.match', (items) =>
      items.map((li) => (li as HTMLElement).innerText.replace(/\s+/g, ' ')),
    );
    assert.equal(round.length, 10, 'ten matches on the first matchday');
    assert.ok(
      round.some((m) => /Burnley FC 0–3 Manchester City FC HT 0–2 · FT 0–3/.test(m)),
      `Burnley v City with its breakdown among ${round.join(' | ')}`,
    );
    await shot('05-matchday-1');

    await page.$$eval('#round-matches li.match', (items) => {
      const burnley = items.find((li) => li.textContent?.includes('Burnley FC'));
      (burnley?.querySelector('a.score') as HTMLAnchorElement).click();
    });
    await page.waitForSelector('#scoreboard', { timeout: 15_000 });
    const board = await page.$eval('#scoreboard', (n) => (n as HTMLElement).innerText.replace(/\s+/g, ' '));
    assert.match(board, /Burnley FC 0–3 Manchester City FC/);
    assert.match(board, /HT 0–2 · FT 0–3/);
    // The Premier League's sources have no events for 2023-24: the page says so rather than show nothing.
    assert.match(
      await page.$eval('.match-parts', (n) => (n as HTMLElement).innerText),
      /No timeline is stored/,
    );
    await shot('06-premier-league-match');

    // A match with a timeline and lineups: the 2022 World Cup final, reached through the page too.
    await page.goto(`${origin}/api/v1/explorer/#/`, { waitUntil: 'networkidle0' });
    await page.waitForSelector('#competitions li');
    // 242 competitions: found by the search box (q=), as a person would.
    await page.type('form.search input', 'World Cup');
    await page.click('form.search button');
    await page.waitForFunction(() => {
      const shown = document.querySelectorAll('#competitions li').length;
      return shown > 0 && shown < 10;
    });
    await follow(page, '#competitions', 'FIFA World Cup', '#seasons li');
    await follow(page, '#seasons', '2022', 'table.standings tbody tr');
    await follow(page, '.tabs', 'Matches by round', '#round-matches li.match');
    assert.equal(await page.$eval('.rounds .current', (n) => n.textContent), 'Final');
    await follow(page, '#round-matches', '3–3', '#timeline li.event');
    const events = await page.$$eval('#timeline li.event', (items) =>
      items.map((li) => (li as HTMLElement).innerText.replace(/\s+/g, ' ')),
    );
    assert.ok(events.length >= 6, `${events.length} events`);
    assert.match(events[0]!, /^23' penalty goal Lionel Messi · Argentina$/i);
    assert.match(
      await page.$eval('.breakdown', (n) => n.textContent ?? ''),
      /Pens 4–2 · decided by penalties/,
    );
    const starting = await page.$$eval('#lineups section', (s) =>
      s.map((x) => x.querySelectorAll('ol.players:not(.bench) li').length),
    );
    assert.deepEqual(starting, [11, 11], 'two starting elevens');
    await shot('07-world-cup-2022-final');
    // On a phone: one column, the table scrolled sideways inside its box rather than the page.
    await page.setViewport({ width: 390, height: 844, isMobile: true });
    await shot('08-world-cup-2022-final-phone');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `the page is ${overflow} px wider than a phone`);
    // A key of one request a minute: /account takes it, the view's request is refused with Retry-After.
    await page.setViewport({ width: 1280, height: 800 });
    await page.type('#key-input', tinyKey);
    await page.click('#key-save');
    await page.waitForSelector('.problem[data-status="429"]', { timeout: 15_000 });
    const limited = await page.$eval('.problem', (n) => (n as HTMLElement).innerText);
    assert.match(limited, /429 · rate_limit\b/);
    assert.match(limited, /try again in \d+ s \(Retry-After\)/);
    await shot('09-rate-limited');
    console.log(`ℹ screenshots of the explorer: ${SHOTS}`);

    const elsewhere = requested.filter((url) => !url.startsWith(`${origin}/`));
    assert.deepEqual(elsewhere, [], 'no request leaves the server');
    assert.ok(
      requested.some((url) => url.startsWith(`${origin}/api/v1/football/`)),
      'the page calls the API',
    );
    assert.deepEqual(
      requested.filter((url) => url.includes(key) || url.includes(tinyKey)),
      [],
      'the key is in no URL',
    );
    assert.deepEqual(failed, [], 'every request of the page was answered');
    assert.deepEqual(refused, [], "no answer was an error but the wrong key's");
    assert.deepEqual(problems, [], 'no script error, nothing refused by the policy');
    for (const secret of [key, tinyKey])
      assert.ok(!(serve.output.stdout + serve.output.stderr).includes(secret), 'no key is logged');
  },
);
