// Ingestion's view of the shared source catalogue (src/provenance), kept here for the adapters' imports.
export { SOURCE_NAMES, sourceRank } from '../provenance/sources.js';
