const pascal = (words: string) =>
  words
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('');

/**
 * A route's operationId, from its method and path alone so that it stays the same as long as the route
 * does (generated clients name their functions after it): the method, then each segment after the
 * version prefix, a path parameter as `By<Name>`. `GET /api/v1/football/teams/{team_id}/players` is
 * `getFootballTeamsByTeamIdPlayers`. Two routes can only collide if their paths differ in punctuation.
 */
export function operationIdOf(method: string, path: string, prefix: string): string {
  const segments = (path.startsWith(`${prefix}/`) ? path.slice(prefix.length) : path).split('/');
  const words = segments.map((segment) => {
    const parameter = /^\{(.+)\}$/.exec(segment);
    return parameter ? `By${pascal(parameter[1]!)}` : pascal(segment);
  });
  return method.toLowerCase() + words.join('');
}
