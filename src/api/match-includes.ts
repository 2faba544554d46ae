import type { Storage } from '../storage/connection.js';
import { findMatches } from '../storage/repositories/match.repository.js';
import { readSnapshot } from '../storage/read-snapshot.js';
import { detailAnswer, INCLUDED_DETAILS } from './routes/match-details.js';
import type { AnswerTools } from './route-context.js';
import type { MatchInclude } from './schemas/match-include.js';

const DATA_OPEN = '{"data":';

/**
 * `matches` (each a match's JSON text, in order) with the details `includes` names put in each, as
 * `"included":{…}` after its last field: each part is the `data` of its sub-resource's answer, made by the
 * sub-resource's own function (detailAnswer) and written by its route's serializer, so it is that answer's
 * text byte for byte. Read in one snapshot, so every part shows the match in the same state. The caller
 * bounds how many matches (MAX_INCLUDED_MATCHES).
 */
export async function withIncludes(
  storage: Storage,
  matches: readonly string[],
  includes: readonly MatchInclude[],
  tools: AnswerTools,
): Promise<string[]> {
  if (includes.length === 0 || matches.length === 0) return [...matches];
  const ids = matches.map((json) => (JSON.parse(json) as { id: string }).id);
  return readSnapshot(storage, async (view) => {
    const rows = await findMatches(view, ids);
    const out: string[] = [];
    for (const [i, json] of matches.entries()) {
      const row = rows.get(ids[i]!);
      if (!row) {
        out.push(json);
        continue;
      }
      const parts: string[] = [];
      for (const name of includes) {
        const sub = INCLUDED_DETAILS[name];
        const text = tools.serialize(sub.schema, await detailAnswer(view, sub, row));
        parts.push(`"${name}":${text.slice(DATA_OPEN.length, -1)}`);
      }
      out.push(`${json.slice(0, -1)},"included":{${parts.join(',')}}}`);
    }
    return out;
  });
}
