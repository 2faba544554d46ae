/** Query parameters that carry a credential: written to no log (the stream's token, docs/live-stream.md). */
const SECRET_PARAMETERS = new Set(['token']);
const REDACTED = 'REDACTED';
/** A query string that cannot hold a credential parameter however spelt (case, percent-encoding). */
const MAY_HOLD_ONE = /oken|%/i;

/** A query parameter's name as sent, percent-decoded (`%74oken` is `token`). */
function nameOf(raw: string): string {
  if (!raw.includes('%') && !raw.includes('+')) return raw;
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
}

/**
 * A request target as logs may keep it: the value of every credential parameter replaced, whatever the
 * spelling of its name, the rest as sent. Costs one search for a target that cannot hold one (the common
 * case: the access log writes a line per request).
 */
export function redactedUrl(url: string): string {
  const query = url.indexOf('?');
  if (query < 0 || !MAY_HOLD_ONE.test(url.slice(query))) return url;
  const parts = url.slice(query + 1).split('&');
  let changed = false;
  for (let i = 0; i < parts.length; i += 1) {
    const part = parts[i]!;
    const equals = part.indexOf('=');
    const name = nameOf(equals < 0 ? part : part.slice(0, equals));
    // Any case: a misspelt parameter is refused (400), but its value is a credential all the same.
    if (!SECRET_PARAMETERS.has(name.toLowerCase())) continue;
    parts[i] = `${equals < 0 ? part : part.slice(0, equals)}=${REDACTED}`;
    changed = true;
  }
  return changed ? `${url.slice(0, query)}?${parts.join('&')}` : url;
}
