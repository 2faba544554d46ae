/**
 * The `name_season` of a team or competition the feed owns. The runner keeps a stored name over an
 * incoming one unless the incoming `name_season` (then the name) sorts after it: meant for sources whose
 * files are seasons, where the newest season's spelling wins. A feed's name has no season, and its newest
 * name must win however it sorts, so its `name_season` is a revision: the stored one while the name is
 * unchanged (an identical re-import writes nothing), the next one when the name changes.
 */
const WIDTH = 6;

export function nameRevision(
  stored: { name: string; name_season: string } | undefined,
  name: string,
): string {
  if (!stored) return '0'.repeat(WIDTH);
  if (stored.name === name) return stored.name_season;
  const revision = /^\d+$/.test(stored.name_season) ? Number(stored.name_season) + 1 : 0;
  return String(revision).padStart(WIDTH, '0');
}
