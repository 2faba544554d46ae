import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { httpDateTail, writeToSocket } from './fast-answer-writers.js';
import type { FastPath } from './read-fast-path.js';
import { readRequestHead } from './request-head.js';

type ConnectionListener = (this: Server, socket: Socket) => void;

/**
 * Puts the read fast path in front of Node's HTTP parser, on `server`'s new connections. Each
 * connection starts here: the requests of each chunk it sends are read (readRequestHead) and answered
 * (`fast`) in order, written straight to the socket. At the first request that is not complete in the
 * chunk, not beyond doubt, or not answered, the connection is handed to Node with the rest of the chunk
 * put back, and Node's parser and Fastify serve it from then on, exactly as if they had had it from the
 * start: nothing about it was answered out of order, and nothing was counted for what Node answers.
 *
 * Node's HTTP machinery (a parser, a request and a response object per request, header validation) costs
 * more than the rest of a cached read; a connection kept here costs none of it. What a held connection
 * sees of the server is what Node would do: idle connections are closed after the keep-alive timeout, a
 * client that stops reading is not read from until it does, and closing the server's idle connections
 * (which Node and Fastify do when it closes) closes them too.
 */
export function answerConnectionsFirst(server: Server, fast: FastPath): void {
  // Node's own listener, which sets up its parser on a connection.
  const nodeListeners = server.listeners('connection') as ConnectionListener[];
  server.removeAllListeners('connection');
  const held = new Set<Socket>();
  const tail = httpDateTail(() => server.keepAliveTimeout);

  const hold = (socket: Socket) => {
    const handOff = (rest: Buffer) => {
      held.delete(socket);
      for (const [event, listener] of Object.entries(listeners)) socket.removeListener(event, listener);
      socket.setTimeout(0);
      for (const listener of nodeListeners) listener.call(server, socket);
      // With Node's listener on, the bytes put back reach its parser before anything read after them.
      socket.unshift(rest);
    };
    const onData = (chunk: Buffer) => {
      let at = 0;
      while (at < chunk.length && !socket.destroyed) {
        const head = readRequestHead(chunk, at);
        if (!head) break;
        const answer = fast(head.url, head.authorization);
        if (!answer) break;
        writeToSocket(socket, answer, tail(Date.now()));
        at = head.end;
      }
      if (socket.destroyed) return;
      if (at < chunk.length) handOff(at === 0 ? chunk : chunk.subarray(at));
      else if (socket.writableNeedDrain) {
        // As Node does for a client sending requests faster than it reads the answers.
        socket.pause();
        socket.once('drain', () => socket.resume());
      }
    };
    const listeners: Record<string, (chunk: Buffer) => void> = {
      data: onData,
      // The client is done sending: finish the answers already written, then close, as Node does.
      end: () => socket.end(),
      timeout: () => socket.destroy(),
      error: () => socket.destroy(),
      close: () => held.delete(socket),
    };
    held.add(socket);
    for (const [event, listener] of Object.entries(listeners)) socket.on(event, listener);
    // Node's default keep-alive timeout is 5 s, Fastify's 72 s; 0 means connections are never timed out.
    socket.setTimeout(server.keepAliveTimeout);
  };
  server.on('connection', hold);

  // Between two chunks every connection held here is idle.
  const closeIdle = server.closeIdleConnections.bind(server);
  server.closeIdleConnections = () => {
    closeIdle();
    for (const socket of held) socket.end(() => socket.destroy());
    held.clear();
  };
  const closeAll = server.closeAllConnections.bind(server);
  server.closeAllConnections = () => {
    closeAll();
    for (const socket of held) socket.destroy();
    held.clear();
  };
}
