import { recordInvalidation } from '../storage/repositories/invalidation.repository.js';
import { invalidationScope } from './invalidation-scope.js';
import { secondLegsOf } from '../storage/repositories/second-legs.js';
import { idsWhere, wroteAny, type Projection } from './written.js';

/**
 * The invalidation log (invalidation.repository.ts), which tells every serving process which cached answers
 * the transaction made stale. Last of the list: its row commits with the writes, and on PostgreSQL the lock
 * it takes is held to the commit, so it is taken as late as possible.
 */
export const invalidationsProjection: Projection = {
  name: 'invalidations',
  async project({ db, engine }, written, { counts }) {
    if (!wroteAny(written) && !written.aliasesWritten && !written.linksChanged) return { rows: 0 };
    const matches = idsWhere(written.tables.matches, 'inserted', 'updated');
    const secondLegs = await secondLegsOf(db, matches);
    await recordInvalidation(db, engine, invalidationScope(written, counts, secondLegs), written.clock());
    return { rows: 0 };
  },
};
