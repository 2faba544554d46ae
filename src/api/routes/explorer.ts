import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { registerExplorerPage } from '../explorer/explorer-page.js';
import type { RouteDeps } from '../route-context.js';

/** The explorer page: public, like the reference page (docs/api.md, "Explorer"); its data needs a key. */
export const explorerRoute: FastifyPluginAsyncTypebox<RouteDeps> = async (app) => {
  await registerExplorerPage(app);
};
