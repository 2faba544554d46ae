import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Requests of one connection in progress at once by default: more than any client pipelines in earnest
 * (browsers do not pipeline; load generators use a handful), few enough that a thousand connections
 * that never read their answers cost the process little.
 */
export const DEFAULT_MAX_IN_PROGRESS = 16;

/** One connection's requests: those being answered, those held back, and whether it was paused here. */
interface Connection {
  /** Requests handed to the handler whose response has not closed yet. */
  inProgress: number;
  /** Requests held back, in arrival order, as flat pairs (req, res, req, res, ...) from `next` on. */
  held: Array<IncomingMessage | ServerResponse | undefined>;
  next: number;
  /** True from the pause() made here until the resume() made here. */
  paused: boolean;
  /** True while handOnHeld is due at the event loop's next turn. */
  handOnScheduled: boolean;
  /** The connection's listeners and steps, made once per connection so that no request costs a closure. */
  onResponseClose: () => void;
  handOnHeld: () => void;
  resumeWhenFree: () => void;
  onSocketResume: () => void;
  onSocketClose: () => void;
}

/**
 * Wraps `handler` (a server's 'request' listener) so that at most `maxInProgress` requests of each
 * connection are in progress at once, and a connection whose client sends requests faster than it takes
 * their answers is not read any further until it does.
 *
 * Why: Node parses each chunk read from a connection in one go and hands every request in it to the
 * handler at once (a 64 KB chunk holds a thousand or more small GETs), and it stops reading a connection
 * only once the answers written to it pass the socket's high-water mark. With an asynchronous handler
 * nothing is written yet when the next chunk is read, so a client that pipelines requests and never
 * reads the answers has all of them worked on at once: thousands per connection, each holding its
 * request, its response, its database or Redis work and its answer. Forty such connections took a
 * worker past its heap limit.
 *
 * How: requests handed to the handler are counted, per connection, until their response closes (once
 * written out, just after 'finish'; or with the connection). A pipelined response is written out only
 * after the ones before it, and only while the socket takes data, so a connection whose client does not
 * read keeps its count up. While `maxInProgress` are in progress, further requests are held here, in
 * order, and the socket is paused so that Node reads no more of it: what is held is at most the rest of
 * the chunk Node is parsing. Each response that closes lets the oldest held request through; once none
 * is held and fewer than `maxInProgress` are in progress, the socket is resumed. Node writes the answers
 * of a connection in the order of its requests whatever order they finish in, so holding some back
 * changes no answer. Held requests are handed on at the event loop's next turn (see onResponseClose),
 * so that a connection gets at most `maxInProgress` requests handled per turn and every other connection
 * its turn in between. A connection that closes drops what it holds: those requests never reach the
 * handler (Node aborts them with the connection). While paused, a socket is not read, so a client that
 * goes away is noticed when an answer is written to it, as when Node pauses a socket itself.
 *
 * Node's own pausing and resuming, which this must not defeat nor be defeated by:
 * - Node resumes a socket itself after every request it parses whose message is complete (so that the
 *   next one is read), unless Node paused the socket itself, and it resumes on 'drain' only a socket it
 *   paused itself. A pause made here is therefore undone after every held request: the 'resume' listener
 *   (onSocketResume) pauses the socket again while requests are held; and a socket paused here is
 *   always resumed here, once nothing is held, or it would never be read again.
 * - Node parses a connection in C++, without 'data' events: it starts and stops reading the socket on its
 *   'resume' and 'pause' events, not on the socket's paused state. See onSocketResume for the case where
 *   the two disagree.
 * - A request whose body has not all arrived is the last one parsed: while it is held nothing after it
 *   needs reading; once handed on, reading its body resumes the socket (Node does it), and nothing being
 *   held then, that is let be.
 *
 * The cost per request is a WeakMap lookup, a counter and a listener on the response: listeners are made
 * once per connection, nothing is stored on Node's objects, and no timer is involved. Only while
 * requests are held does a connection cost more: an array entry per held request and one setImmediate
 * per turn.
 */
export function boundedRequests(
  handler: RequestListener,
  maxInProgress: number = DEFAULT_MAX_IN_PROGRESS,
): RequestListener {
  if (!Number.isInteger(maxInProgress) || maxInProgress < 1) {
    throw new RangeError(`maxInProgress must be a positive integer, not ${maxInProgress}`);
  }
  const connections = new WeakMap<Socket, Connection>();

  const start = (connection: Connection, req: IncomingMessage, res: ServerResponse) => {
    connection.inProgress += 1;
    res.on('close', connection.onResponseClose);
    handler(req, res);
  };

  const connectionOf = (socket: Socket): Connection => {
    const connection: Connection = {
      inProgress: 0,
      held: [],
      next: 0,
      paused: false,
      handOnScheduled: false,
      onResponseClose: () => {
        connection.inProgress -= 1;
        if (socket.destroyed) return connection.onSocketClose();
        if (connection.next < connection.held.length) {
          // Held requests are handed on at the event loop's next turn, not in this one: answered at once
          // (a cached answer), each would let the next through in the same turn, and a connection holding
          // hundreds would keep the process from every other connection until it is done. This way each
          // connection gets at most `maxInProgress` requests handled per turn.
          if (!connection.handOnScheduled) {
            connection.handOnScheduled = true;
            setImmediate(connection.handOnHeld);
          }
          return;
        }
        connection.resumeWhenFree();
      },
      handOnHeld: () => {
        connection.handOnScheduled = false;
        if (socket.destroyed) return;
        const { held } = connection;
        while (connection.inProgress < maxInProgress && connection.next < held.length) {
          const req = held[connection.next] as IncomingMessage;
          const res = held[connection.next + 1] as ServerResponse;
          held[connection.next] = held[connection.next + 1] = undefined;
          connection.next += 2;
          start(connection, req, res);
        }
        if (connection.next < held.length) return;
        held.length = 0;
        connection.next = 0;
        connection.resumeWhenFree();
      },
      resumeWhenFree: () => {
        if (connection.paused && connection.inProgress < maxInProgress) {
          connection.paused = false;
          // Were Node's answers still unread and the socket paused by Node too, Node's 'resume' listener
          // pauses it again, and Node resumes it on 'drain'.
          socket.resume();
        }
      },
      onSocketResume: () => {
        // Emitted a tick after a resume(), once Node's own 'resume' listener (added first) has started
        // reading again. While requests are held, stop reading.
        if (connection.next >= connection.held.length || socket.destroyed) return;
        if (!socket.isPaused()) socket.pause();
        // The socket was paused again before this event came (a request held after Node resumed it in the
        // same chunk: the last one, its body not all arrived): pause() would do nothing, yet Node has just
        // started reading on the event. Node stops reading on 'pause'.
        else socket.emit('pause');
      },
      onSocketClose: () => {
        // Held requests die with the connection: never handed to the handler, nothing kept.
        connection.held.length = 0;
        connection.next = 0;
        connection.paused = false;
        connections.delete(socket);
      },
    };
    connections.set(socket, connection);
    socket.on('resume', connection.onSocketResume);
    socket.once('close', connection.onSocketClose);
    return connection;
  };

  return (req, res) => {
    const socket = req.socket;
    // A closed connection's requests are not held (nothing would let them through); Node aborts them.
    if (socket.destroyed) return handler(req, res);
    const connection = connections.get(socket) ?? connectionOf(socket);
    if (connection.inProgress < maxInProgress && connection.next >= connection.held.length) {
      return start(connection, req, res);
    }
    connection.held.push(req, res);
    connection.paused = true;
    // Node goes on parsing the chunk at hand (its requests are held too), then reads no more.
    if (!socket.isPaused()) socket.pause();
  };
}
