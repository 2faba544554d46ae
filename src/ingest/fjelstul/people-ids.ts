import { stableId } from '../identity/stable-id.js';

/** IDs from the database's own keys (M-075, R-251, S-240): stable whatever else a run reads, in any order. */
export const coachId = (key: string) => stableId('coach', `fjelstul:${key}`);
export const refereeId = (key: string) => stableId('referee', `fjelstul:${key}`);
export const venueId = (key: string) => stableId('venue', `fjelstul:${key}`);
