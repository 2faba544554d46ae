import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** The scripts of @fastify/swagger-ui that the page runs (served from its static folder). */
const SCRIPTS = ['swagger-ui-bundle.js', 'swagger-ui-standalone-preset.js'];

/** A React <style> element with fixed text, as the compiled SVG components write one. */
const STYLE_ELEMENT = /createElement\("style",null,("(?:[^"\\]|\\.)*")\)/g;

/**
 * The hashes of the style elements Swagger UI's scripts insert: its own top-bar logo (an SVG with a
 * <style>) is drawn before swagger-initializer.js puts Touchline's in its place, and a policy without its
 * hash refuses it, which the browser reports as a violation. Read from the installed scripts, so that an
 * upgrade of the package brings its own text; each hash allows that exact text and nothing else.
 */
function inlineStyleHashes(): string[] {
  const root = path.join(
    path.dirname(createRequire(import.meta.url).resolve('@fastify/swagger-ui')),
    'static',
  );
  const hashes = new Set<string>();
  for (const script of SCRIPTS) {
    const file = path.join(root, script);
    if (!fs.existsSync(file)) continue;
    for (const [, literal] of fs.readFileSync(file, 'utf8').matchAll(STYLE_ELEMENT)) {
      const text = JSON.parse(literal!) as string;
      hashes.add(`'sha256-${createHash('sha256').update(text).digest('base64')}'`);
    }
  }
  return [...hashes].sort();
}

/**
 * What the reference page may load: its own scripts, styles, images and the document, from this server
 * only; its stylesheet's icons are data: URIs. No inline script, no eval, no inline style but the exact
 * ones above: the page @fastify/swagger-ui serves has none (its settings are in swagger-initializer.js),
 * and Swagger UI sets styles through the DOM, which a policy does not restrict. No frame may show it
 * (clickjacking), no form sends anything, and a <base> cannot move where its relative URLs point.
 */
export function docsCsp(styleHashes: readonly string[] = inlineStyleHashes()): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    ["style-src 'self'", ...styleHashes].join(' '),
    "img-src 'self' data:",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * Sent with every answer under /docs: the policy, framing refused for browsers older than CSP 2 too, and
 * no type sniffing (a JSON or text answer is never run as a script or shown as HTML).
 */
export function docsHeaders(): Record<string, string> {
  return {
    'content-security-policy': docsCsp(),
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
  };
}
