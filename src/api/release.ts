import { createRequire } from 'node:module';

/**
 * Touchline's version (package.json), from src/ and from dist/ alike (both sit one folder below the
 * project). It tells the answers of one release from another's where nothing else would.
 */
export const RELEASE = (createRequire(import.meta.url)('../../package.json') as { version: string }).version;
