import { Type, type TString } from '@sinclair/typebox';
import { ID_PREFIXES, idStart } from '../../vocabulary/id-prefixes.js';

/**
 * Public identifiers: a type prefix and an opaque token of lowercase letters and digits (stable-id.ts
 * makes 16 of them). One pattern, used by every path parameter and every filter that takes an ID.
 */
export function idPattern(prefix: string): string {
  return `^${prefix}[0-9a-z]+$`;
}

export const IdString = (prefix: string, description = `Identifier starting with ${prefix}`) =>
  Type.String({ pattern: idPattern(prefix), description });

/** One identifier, or up to `max` separated by commas, each of the one pattern. */
export const IdListString = (prefix: string, max: number, description: string) => {
  const one = idPattern(prefix).slice(1, -1);
  return Type.String({ pattern: `^${one}(,${one}){0,${max - 1}}$`, description });
};

/**
 * The resource each ID parameter names. A path parameter that does not match its pattern names nothing
 * that exists: the answer is the route's 404, not a 400 (docs/api.md).
 */
export const ID_PARAMETERS = {
  competition_id: { prefix: idStart(ID_PREFIXES.competition), resource: 'Competition' },
  season_id: { prefix: idStart(ID_PREFIXES.season), resource: 'Season' },
  team_id: { prefix: idStart(ID_PREFIXES.team), resource: 'Team' },
  match_id: { prefix: idStart(ID_PREFIXES.match), resource: 'Match' },
  player_id: { prefix: idStart(ID_PREFIXES.player), resource: 'Player' },
  coach_id: { prefix: idStart(ID_PREFIXES.coach), resource: 'Coach' },
  referee_id: { prefix: idStart(ID_PREFIXES.referee), resource: 'Referee' },
  venue_id: { prefix: idStart(ID_PREFIXES.venue), resource: 'Venue' },
} as const;

export type IdParameter = keyof typeof ID_PARAMETERS;

/** A path's ID parameters, each checked against its pattern. */
export const IdParams = <K extends IdParameter>(...names: K[]) =>
  Type.Object(
    Object.fromEntries(names.map((name) => [name, IdString(ID_PARAMETERS[name].prefix)])) as Record<
      K,
      TString
    >,
  );

/** What a path parameter that fails validation is called in its 404, when it is an ID parameter. */
export function resourceNamed(parameter: string): string | undefined {
  return (ID_PARAMETERS as Record<string, { resource: string } | undefined>)[parameter]?.resource;
}
