// Many Server-Sent Events clients in one process, for the live-stream part of the benchmark: each holds
// a connection of its own (no pooling), reads the stream's frames and reports each event's ID and data
// as it arrives. The clients are deliberately plain (node:http, a frame splitter): they measure the
// server's delivery, not a client library.
import http from 'node:http';

/** Splits an SSE byte stream into events (`id`, `event`, `data`); comments (heartbeats) are skipped. */
function frameReader(onEvent) {
  let buffered = '';
  return (chunk) => {
    buffered = buffered === '' ? chunk : buffered + chunk;
    let from = 0;
    for (let end = buffered.indexOf('\n\n'); end >= 0; end = buffered.indexOf('\n\n', from)) {
      const frame = buffered.slice(from, end);
      from = end + 2;
      let id;
      let event = 'message';
      let data = '';
      for (const line of frame.split('\n')) {
        if (line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'id') id = value;
        else if (field === 'event') event = value;
        else if (field === 'data') data = data ? `${data}\n${value}` : value;
      }
      if (data !== '' || id !== undefined) onEvent({ id, event, data });
    }
    buffered = from === buffered.length ? '' : buffered.slice(from);
  };
}

/**
 * Opens `count` streams on `url` (one connection each), the i-th with `headersOf(i)`, `concurrency` at a
 * time; resolves once every one has answered 200 (rejects on the first that does not). `onEvent(event,
 * client)` is called for every event of every stream. `close()` ends them all.
 */
export async function openStreams({ url, count, headersOf, onEvent, concurrency = 200, timeoutMs = 30_000 }) {
  const requests = [];
  let opened = 0;
  let closedEarly = 0;
  const open = (i) =>
    new Promise((resolve, reject) => {
      const req = http.get(url, { headers: { accept: 'text/event-stream', ...headersOf(i) }, agent: false });
      const timer = setTimeout(
        () => req.destroy(new Error(`stream ${i}: no answer in ${timeoutMs} ms`)),
        timeoutMs,
      );
      req.on('response', (res) => {
        clearTimeout(timer);
        if (res.statusCode !== 200) {
          res.resume();
          reject(new Error(`stream ${i}: HTTP ${res.statusCode}`));
          return;
        }
        res.setEncoding('utf8');
        res.on(
          'data',
          frameReader((event) => onEvent(event, i)),
        );
        res.on('close', () => {
          if (!stopping) closedEarly += 1;
        });
        opened += 1;
        resolve();
      });
      req.on('error', (error) => {
        clearTimeout(timer);
        if (!stopping) reject(error);
      });
      requests.push(req);
    });
  let stopping = false;
  for (let from = 0; from < count; from += concurrency) {
    const batch = [];
    for (let i = from; i < Math.min(count, from + concurrency); i += 1) batch.push(open(i));
    await Promise.all(batch);
  }
  return {
    get opened() {
      return opened;
    },
    /** Streams the server ended before `close`. */
    get closedEarly() {
      return closedEarly;
    },
    close() {
      stopping = true;
      for (const req of requests) req.destroy();
    },
  };
}
