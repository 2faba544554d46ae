import type { Logger } from 'pino';
import type { AnsweredRequest, OnAnswered } from '../answered-request.js';
import { redactedUrl } from './redacted-url.js';

/**
 * The access log: one structured line per answered request (or per sampled one), at info level through
 * the process's logger, with what an operator needs to trace a request and never the key itself:
 * `{req_id, method, route, url, status, ms, key_id, bytes}`, message `request`; a stream token in the URL
 * is written as `token=REDACTED` (redacted-url.ts). `sample` is the fraction
 * of requests logged (1 logs every one, 0 none): at tens of thousands of requests a second, a line each is
 * a cost (measured in bench/) and a volume an operator may not want.
 */
export function accessLog(log: Logger, sample: number): OnAnswered | undefined {
  if (sample <= 0 || !log.isLevelEnabled('info')) return undefined;
  const line = (a: AnsweredRequest) =>
    log.info(
      {
        req_id: a.requestId,
        method: a.method,
        route: a.route,
        url: redactedUrl(a.url),
        status: a.status,
        ms: Math.round(a.seconds * 1e6) / 1e3,
        key_id: a.keyId,
        bytes: a.bytes,
      },
      'request',
    );
  return sample >= 1 ? line : (a) => Math.random() < sample && line(a);
}
