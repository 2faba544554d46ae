import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildTestApp } from '../support/build-app.js';
import { API } from '../support/api-contract.js';

test('GET /docs: the API reference', async (t) => {
  const { app } = await buildTestApp(t);
  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers });

  await t.test(
    'is an HTML page served without a key, with or without a trailing slash or query',
    async () => {
      for (const url of [`${API}/docs`, `${API}/docs/`, `${API}/docs?utm_source=readme`]) {
        const res = await get(url);
        assert.equal(res.statusCode, 200, `${url}: ${res.body.slice(0, 200)}`);
        assert.match(String(res.headers['content-type']), /^text\/html/);
        assert.equal(res.headers['x-ratelimit-limit'], undefined, 'counted against nothing');
      }
    },
  );

  await t.test('loads its scripts and styles from this server, none from elsewhere', async () => {
    const html = (await get(`${API}/docs`)).body;
    const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    assert.ok(assets.some((a) => a.endsWith('swagger-ui-bundle.js')));
    for (const asset of assets) {
      assert.ok(asset.startsWith(`${API}/docs/`), `${asset} is served here`);
      const res = await get(asset);
      assert.equal(res.statusCode, 200, asset);
    }
    const initializer = (await get(`${API}/docs/static/swagger-initializer.js`)).body;
    assert.match(initializer, new RegExp(`"url":"${API}/openapi.json"`), 'reads and links the OpenAPI JSON');
    assert.match(initializer, /validatorUrl: null/, 'no call to an online validator');
  });

  await t.test('is sent with a strict CSP, framing refused and no type sniffing, assets too', async () => {
    const html = (await get(`${API}/docs`)).body;
    const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    for (const url of [`${API}/docs`, `${API}/docs/`, ...assets, `${API}/docs/json`]) {
      const res = await get(url);
      assert.equal(res.statusCode, 200, url);
      const csp = String(res.headers['content-security-policy']);
      const directives = new Map(
        csp.split(';').map((d) => {
          const [name, ...values] = d.trim().split(/\s+/);
          return [name!, values.join(' ')] as const;
        }),
      );
      assert.equal(directives.get('default-src'), "'none'", `${url}: ${csp}`);
      assert.equal(directives.get('script-src'), "'self'", 'no inline script, no eval, no other host');
      // Its own stylesheets, and the exact text of the <style> of Swagger UI's logo (docs-csp.ts).
      assert.match(directives.get('style-src')!, /^'self'( 'sha256-[A-Za-z0-9+/]{43}=')*$/);
      assert.equal(directives.get('frame-ancestors'), "'none'");
      assert.equal(directives.get('base-uri'), "'none'");
      assert.equal(res.headers['x-frame-options'], 'DENY', url);
      assert.equal(res.headers['x-content-type-options'], 'nosniff', url);
    }
    // The page has no inline script or style for the policy to refuse.
    assert.doesNotMatch(html, /<script(?![^>]*\ssrc=)[^>]*>/);
    assert.doesNotMatch(html, /<style|\sstyle=|\son[a-z]+=/i);
  });

  await t.test('other methods are 405 with Allow, in the envelope', async () => {
    const post = await app.inject({ method: 'POST', url: `${API}/docs` });
    assert.equal(post.statusCode, 405);
    assert.equal(post.headers.allow, 'GET, HEAD');
    assert.equal(post.json().error.code, 'method_not_allowed');
  });

  await t.test('a file the page does not have is a 404, not a 405', async () => {
    const missing = await app.inject({ url: `${API}/docs/static/nothing.js` });
    assert.equal(missing.statusCode, 404);
    assert.equal(missing.json().error.code, 'not_found');
  });

  await t.test('is not in the document it shows', async () => {
    const document = (await get(`${API}/openapi.json`)).json() as { paths: Record<string, unknown> };
    assert.deepEqual(
      Object.keys(document.paths).filter((p) => p.includes('/docs')),
      [],
    );
  });
});
