/**
 * The type prefixes of public IDs (`match_…`, `team_…`): ingestion makes IDs with them
 * (src/ingest/identity/stable-id.ts) and the API's parameters are checked against them
 * (src/api/schemas/ids.ts).
 */
export const ID_PREFIXES = {
  competition: 'comp',
  season: 'season',
  team: 'team',
  match: 'match',
  player: 'player',
  coach: 'coach',
  referee: 'referee',
  venue: 'venue',
} as const;
export type IdPrefix = (typeof ID_PREFIXES)[keyof typeof ID_PREFIXES];

/** How an ID of that type begins: its prefix and an underscore. */
export const idStart = <P extends IdPrefix>(prefix: P): `${P}_` => `${prefix}_`;
