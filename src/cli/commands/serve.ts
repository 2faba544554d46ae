import type { Config } from '../../config/config.js';
import { startServer } from '../../server/start-server.js';

/** Serves until SIGTERM or SIGINT, then stops accepting, finishes in-flight requests and closes storage. */
export async function serveCommand(_argv: string[], config: Readonly<Config>): Promise<number> {
  const server = await startServer(config);
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    server.app.log.info({ signal }, 'shutting down');
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  return -1;
}
