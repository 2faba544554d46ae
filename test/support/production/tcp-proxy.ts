import net from 'node:net';

/**
 * A TCP proxy in front of a real server (PostgreSQL, Redis), so a test can make that server "stop",
 * "hang" and "come back" for the process under test without touching the server other tests share.
 */
export interface TcpProxy {
  /** The port the proxy listens on (127.0.0.1); the same across stop() and start(). */
  readonly port: number;
  /** Closes the listener and destroys every open connection, both sides: new connections are refused. */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
  /**
   * A network stall: connections stay open (new ones are accepted) but no byte passes either way until
   * thaw(), which delivers what was held back, as TCP does once a partition heals.
   */
  freeze(): void;
  thaw(): void;
  /** stop(), for t.after. */
  close(): Promise<void>;
}

export async function startTcpProxy(targetPort: number, targetHost = '127.0.0.1'): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  const held: Array<() => void> = [];
  let frozen = false;
  let server: net.Server | undefined;
  let port = 0;

  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  };
  const forward = (from: net.Socket, to: net.Socket) => {
    from.on('data', (data: Buffer) => {
      if (frozen) held.push(() => to.write(data));
      else to.write(data);
    });
    from.on('error', () => to.destroy());
    from.on('close', () => to.destroy());
  };

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const next = net.createServer((client) => {
        const upstream = net.connect(targetPort, targetHost);
        track(client);
        track(upstream);
        forward(client, upstream);
        forward(upstream, client);
      });
      next.once('error', reject);
      next.listen(port, '127.0.0.1', () => {
        next.off('error', reject);
        port = (next.address() as net.AddressInfo).port;
        server = next;
        resolve();
      });
    });

  const stop = async () => {
    const current = server;
    server = undefined;
    frozen = false;
    held.length = 0;
    for (const socket of sockets) socket.destroy();
    sockets.clear();
    if (current) await new Promise<void>((resolve) => current.close(() => resolve()));
  };

  await listen();
  return {
    get port() {
      return port;
    },
    stop,
    async start() {
      if (!server) await listen();
    },
    freeze() {
      frozen = true;
    },
    thaw() {
      frozen = false;
      for (const deliver of held.splice(0)) deliver();
    },
    close: stop,
  };
}
