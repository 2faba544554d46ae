import type { Config } from '../../config/config.js';
export async function serveCommand(_argv: string[], _config: Readonly<Config>): Promise<number> {
  throw new Error('not yet');
}
