import type { SseStream } from '../../stream/sse-stream.js';

/**
 * The streams an app holds open: one heartbeat timer for all of them (a comment line each, so that
 * proxies and clients see the connection alive, and a client gone away is found out by the write), and
 * the one place that ends them all when the server closes, so that closing does not wait for clients.
 */
export class OpenStreams {
  private readonly streams = new Set<SseStream>();
  private readonly timer: NodeJS.Timeout;
  private closing = false;

  constructor(heartbeatMs: number) {
    this.timer = setInterval(() => {
      for (const stream of this.streams) stream.heartbeat();
    }, heartbeatMs);
    this.timer.unref();
  }

  get size(): number {
    return this.streams.size;
  }

  /** Whether the server is closing: a stream asked for now is refused. */
  get closed(): boolean {
    return this.closing;
  }

  add(stream: SseStream): void {
    this.streams.add(stream);
  }

  remove(stream: SseStream): void {
    this.streams.delete(stream);
  }

  /** Ends every stream (each client reconnects after its retry delay, to another instance if there is one). */
  close(): void {
    this.closing = true;
    clearInterval(this.timer);
    for (const stream of [...this.streams]) stream.end();
    this.streams.clear();
  }
}
