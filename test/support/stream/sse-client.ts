// A Server-Sent Events client for the stream tests: node:http (so any header can be sent, and the stream
// read as it arrives), the text parsed into events and comments as the format says, and every wait bounded.
import http from 'node:http';

export interface SseEvent {
  id: string | undefined;
  event: string | undefined;
  data: string;
}

export interface OpenedStream {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body of an answer that is not a stream (an error envelope), once read. */
  body: string;
  events: SseEvent[];
  /** Comment lines received (heartbeats). */
  comments: number;
  retry: number | undefined;
  /** Whether the server ended the stream (or the connection broke). */
  ended: boolean;
  /** Resolves once `predicate` holds, rejects after `ms`. */
  until(predicate: () => boolean, ms?: number, why?: string): Promise<void>;
  close(): void;
}

/** Parses SSE text into the stream's fields; returns what is left of an unfinished block. */
function parse(buffer: string, into: OpenedStream, keepData: boolean): string {
  let rest = buffer;
  for (let end = rest.indexOf('\n\n'); end >= 0; end = rest.indexOf('\n\n')) {
    const block = rest.slice(0, end);
    rest = rest.slice(end + 2);
    const event: SseEvent = { id: undefined, event: undefined, data: '' };
    let hasData = false;
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) {
        into.comments += 1;
        continue;
      }
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'id') event.id = value;
      else if (field === 'event') event.event = value;
      else if (field === 'retry') into.retry = Number(value);
      else if (field === 'data') {
        event.data = hasData ? `${event.data}\n${value}` : value;
        hasData = true;
      }
    }
    if (hasData) into.events.push(keepData ? event : { ...event, data: '' });
  }
  return rest;
}

/** Opens `url` with `headers`; resolves once the answer's head is in (its body keeps arriving). */
export function openStream(
  url: string,
  headers: Record<string, string> = {},
  options: { method?: string; keepData?: boolean } = {},
): Promise<OpenedStream> {
  const { method = 'GET', keepData = true } = options;
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers: { accept: 'text/event-stream', ...headers } });
    const timer = setTimeout(() => {
      req.destroy();
      reject(new Error(`no answer from ${url} within 5 s`));
    }, 5000);
    req.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    req.on('response', (res) => {
      clearTimeout(timer);
      let buffer = '';
      const waiters = new Set<() => void>();
      const opened: OpenedStream = {
        status: res.statusCode ?? 0,
        headers: res.headers,
        body: '',
        events: [],
        comments: 0,
        retry: undefined,
        ended: false,
        until(predicate, ms = 5000, why = 'the condition') {
          if (predicate()) return Promise.resolve();
          return new Promise((done, fail) => {
            const check = () => {
              if (!predicate()) return;
              clearTimeout(expired);
              waiters.delete(check);
              done();
            };
            const expired = setTimeout(() => {
              waiters.delete(check);
              fail(new Error(`${why} did not hold within ${ms} ms: ${JSON.stringify(opened.events)}`));
            }, ms);
            waiters.add(check);
          });
        },
        close() {
          req.destroy();
        },
      };
      const notify = () => {
        for (const check of [...waiters]) check();
      };
      res.setEncoding('utf8');
      const stream = String(res.headers['content-type']).startsWith('text/event-stream');
      res.on('data', (chunk: string) => {
        if (stream) buffer = parse(buffer + chunk, opened, keepData);
        else opened.body += chunk;
        notify();
      });
      const end = () => {
        opened.ended = true;
        notify();
      };
      res.on('end', end);
      res.on('close', end);
      res.on('error', end);
      if (stream) resolve(opened);
      else res.on('end', () => resolve(opened));
    });
    req.end();
  });
}
