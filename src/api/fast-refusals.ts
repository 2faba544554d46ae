import { keyRefusal, type KeyRefusal } from './plugins/auth.js';
import { errorEnvelope } from './plugins/errors.js';
import type { FastAnswer } from './read-fast-path.js';

const answers = new Map<KeyRefusal, FastAnswer>();

/**
 * The full path's answer to a request refused for its key (auth.ts), built once per reason: its body
 * holds no request ID, so every refusal for one reason is the same bytes.
 */
export function refusalAnswer(refusal: KeyRefusal): FastAnswer {
  let answer = answers.get(refusal);
  if (!answer) {
    const error = keyRefusal(refusal);
    const before = Buffer.from(JSON.stringify(errorEnvelope(error)));
    answer = {
      status: error.statusCode,
      headers: error.headers,
      body: { before, after: null, length: before.length },
    };
    answers.set(refusal, answer);
  }
  return answer;
}
