// Calls the public API of the server that serves this page: the explorer sits at <prefix>/explorer/, so
// the API is one level up, on the same origin (the page's Content-Security-Policy allows nothing else).

const BASE = new URL('../', document.baseURI);

/** An answer that is not a success, as the error envelope says it: {error: {code, message, details}}. */
export class ApiProblem extends Error {
  constructor(status, code, message, details, retryAfter) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details;
    /** Seconds to wait (Retry-After), on 429 and 503. */
    this.retryAfter = retryAfter;
  }
}

/**
 * GET `path` (relative to the API prefix, e.g. `football/competitions`) with `query`, the key in the
 * Authorization header; the parsed body, or an ApiProblem. `signal` aborts it when the view changes.
 */
export async function get(key, path, query = {}, signal) {
  const url = new URL(path, BASE);
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') url.searchParams.set(name, String(value));
  }
  let response;
  try {
    response = await fetch(url, {
      headers: { authorization: `Bearer ${key}`, accept: 'application/json' },
      signal,
      // The key is in a header, never in the URL; no cookie is needed or sent.
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
    });
  } catch (error) {
    if (error?.name === 'AbortError') throw error;
    throw new ApiProblem(0, 'network', 'The server did not answer: is it running?', {}, null);
  }
  const retryAfter = Number(response.headers.get('retry-after')) || null;
  const body = await response.json().catch(() => null);
  if (response.ok && body) return body;
  const problem = body?.error;
  throw new ApiProblem(
    response.status,
    problem?.code ?? 'http_error',
    problem?.message ?? `The server answered ${response.status} ${response.statusText}.`,
    problem?.details ?? {},
    retryAfter,
  );
}
