import assert from 'node:assert/strict';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import puppeteer from 'puppeteer-core';
import { openStorage } from '../../../src/storage/connection.js';
import { migrateToLatest } from '../../../src/storage/migrations/migrate.js';
import { appOnStorage } from '../../support/test-app.js';

/** Debian's chromium (.ci/run installs it); another build can be named with CHROMIUM_PATH. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Kept after the run (git-ignored), so a person can look at what the page showed. */
const SCREENSHOT = path.resolve(import.meta.dirname, '../../../test-results/docs-page.png');
const API = '/api/v1';

const installed = fs.existsSync(CHROMIUM);
// CI must run it; elsewhere a machine without chromium skips it, saying so.
const skip =
  !installed && process.env.CI !== 'true'
    ? `chromium is not installed at ${CHROMIUM} (apt-get install -y chromium): SKIPPING the browser test of /docs`
    : false;
if (skip) console.log(`ℹ ${skip}`);

test(
  'the API reference renders in a real browser, with nothing fetched from elsewhere',
  { skip, timeout: 120_000 },
  async (t) => {
    assert.ok(installed, `CI=true needs chromium at ${CHROMIUM}`);
    // The page needs no data, only the app: an empty SQLite database (no PostgreSQL pass for it).
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'touchline-docs-'));
    const storage = openStorage(`sqlite:${path.join(dir, 'docs.db')}`);
    await migrateToLatest(storage);
    const { app } = await appOnStorage(storage);
    await app.listen({ host: '127.0.0.1', port: 0 });
    const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const browser = await puppeteer.launch({
      executablePath: CHROMIUM,
      headless: true,
      // Root in a container: no user namespaces for Chromium's sandbox, and a small /dev/shm.
      args: ['--no-sandbox', '--disable-dev-shm-usage'],
    });
    t.after(async () => {
      await browser.close();
      await app.close();
      await storage.close();
      fs.rmSync(dir, { recursive: true, force: true });
    });

    const page = await browser.newPage();
    await page.setViewport({ width: 1280, height: 1800 });
    const requested: string[] = [];
    page.on('request', (request) => void requested.push(request.url()));
    const failed: string[] = [];
    page.on('requestfailed', (request) => void failed.push(request.url()));
    // What the page's Content-Security-Policy refused (a script, style, image or fetch it blocked).
    const refused: string[] = [];
    await page.exposeFunction('reportRefused', (what: string) => void refused.push(what));
    await page.evaluateOnNewDocument(() => {
      document.addEventListener('securitypolicyviolation', (e) => {
        const report = (window as unknown as { reportRefused(what: string): void }).reportRefused;
        report(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
      });
    });
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
    });

    const spec = (await (await fetch(`${origin}${API}/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { operationId: string; summary: string }>>;
    };
    const operations = Object.values(spec.paths).flatMap((item) => Object.values(item));

    const res = await page.goto(`${origin}${API}/docs`, { waitUntil: 'networkidle0' });
    assert.equal(res?.status(), 200);
    assert.match(
      res!.headers()['content-security-policy'] ?? '',
      /default-src 'none'/,
      'served with its CSP',
    );
    assert.equal(res!.headers()['x-frame-options'], 'DENY');
    await page.waitForFunction(
      (count: number) => document.querySelectorAll('.opblock-summary-operation-id').length >= count,
      { timeout: 30_000 },
      operations.length,
    );
    const shown = await page.$$eval('.opblock-summary-operation-id', (nodes) =>
      nodes.map((n) => n.textContent?.trim()),
    );
    assert.deepEqual(
      [...shown].sort(),
      operations.map((o) => o.operationId).sort(),
      'every operation is listed, by operationId',
    );
    const text = await page.evaluate(() => document.body.innerText);
    for (const { summary } of operations.slice(0, 5)) assert.ok(text.includes(summary), `shows "${summary}"`);

    // OpenAPI 3.1: Swagger UI lists the component schemas as JSON Schema 2020-12 articles, by title.
    const models = await page.$$eval('.models .json-schema-2020-12__title', (nodes) =>
      nodes.map((n) => n.textContent?.trim()),
    );
    for (const schema of ['Match', 'Team', 'ErrorEnvelope']) {
      assert.ok(models.includes(schema), `schema ${schema} shown among ${models.join(', ')}`);
    }
    const links = await page.$$eval('a', (nodes) => nodes.map((n) => n.getAttribute('href')));
    assert.ok(links.includes(`${API}/openapi.json`), 'links the OpenAPI JSON');

    fs.mkdirSync(path.dirname(SCREENSHOT), { recursive: true });
    await page.screenshot({ path: SCREENSHOT });
    console.log(`ℹ screenshot of ${API}/docs: ${SCREENSHOT}`);

    const elsewhere = requested.filter((url) => !url.startsWith(origin) && !url.startsWith('data:'));
    assert.deepEqual(elsewhere, [], 'no request leaves the server (no CDN)');
    assert.deepEqual(failed, [], 'every request of the page succeeded');
    assert.deepEqual(refused, [], 'the page needs nothing its Content-Security-Policy refuses');
  },
);
