import { randomUUID } from 'node:crypto';
import { STATUS_CODES, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { JSON_TYPE } from './plugins/response-cache.js';
import type { Body, FastAnswer } from './read-fast-path.js';

/**
 * The headers of a fast answer as a flat list (name, value, name, value, ...), in the order the full
 * path sends them: the one list both writers send.
 */
function headerList(answer: FastAnswer, requestId: string): string[] {
  const list = ['x-request-id', requestId];
  for (const name in answer.headers) list.push(name, answer.headers[name]!);
  list.push('content-type', JSON_TYPE, 'content-length', String(answer.body.length));
  return list;
}

/** Writes the body, the request ID spliced in; the caller corks around it with the head. */
function writeBody(
  out: { write(chunk: Buffer | string, encoding?: BufferEncoding): unknown },
  body: Body,
  id: string,
) {
  out.write(body.before);
  if (body.after === null) return;
  out.write(`"${id}"`, 'latin1');
  out.write(body.after);
}

/** Writes a fast answer through Node's response object (a request Node has parsed). */
export function writeToResponse(res: ServerResponse, answer: FastAnswer): void {
  const requestId = randomUUID();
  res.writeHead(answer.status, headerList(answer, requestId));
  // Corked, the head and the body's parts leave in one system call, without copying the body.
  res.cork();
  writeBody(res, answer.body, requestId);
  res.end();
  res.uncork();
}

const statusLines = new Map<number, string>();

function statusLine(status: number): string {
  let line = statusLines.get(status);
  if (line === undefined) {
    line = `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'unknown'}\r\n`;
    statusLines.set(status, line);
  }
  return line;
}

/**
 * Writes a fast answer straight to the connection, in the bytes Node's response object would write for
 * it on a keep-alive HTTP/1.1 connection: the same head, then `Date`, `Connection: keep-alive` and
 * `Keep-Alive: timeout=<s>`, as `tail` gives them (see httpDateTail).
 */
export function writeToSocket(socket: Socket, answer: FastAnswer, tail: string): void {
  const requestId = randomUUID();
  const headers = headerList(answer, requestId);
  let head = statusLine(answer.status);
  for (let i = 0; i < headers.length; i += 2) head += `${headers[i]}: ${headers[i + 1]}\r\n`;
  socket.cork();
  socket.write(head + tail, 'latin1');
  writeBody(socket, answer.body, requestId);
  socket.uncork();
}

/**
 * The end of a keep-alive answer's head as Node writes it, for a server whose keep-alive timeout
 * `keepAliveMs()` gives: made again only when the second or the timeout changes, as Node caches its Date.
 */
export function httpDateTail(keepAliveMs: () => number): (now: number) => string {
  let second = Number.NaN;
  let timeoutMs = Number.NaN;
  let tail = '';
  return (now) => {
    const current = Math.floor(now / 1000);
    if (current !== second || keepAliveMs() !== timeoutMs) {
      second = current;
      timeoutMs = keepAliveMs();
      const timeout = timeoutMs > 0 ? `Keep-Alive: timeout=${Math.floor(timeoutMs / 1000)}\r\n` : '';
      tail = `Date: ${new Date(current * 1000).toUTCString()}\r\nConnection: keep-alive\r\n${timeout}\r\n`;
    }
    return tail;
  };
}
