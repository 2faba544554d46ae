import { HOSTS, ROWS, type CompetitionType, type Confederation, type SeasonCut } from './tournament-table.js';

export type { CompetitionType, Confederation, SeasonCut };

/**
 * The international results' tournament names (results.csv `tournament`, 202 of them) as competitions:
 * one row per name in tournament-table.ts, the only place the mapping lives. A name not listed there
 * falls back to a competition of its own (competitions.ts); the run names it in a note, so it can be added.
 *
 * Several names can be one competition: the AFF Championship was renamed the ASEAN Championship in 2024,
 * and "CONIFA World Cup qualification" is the CONIFA World Football Cup's. A code ending in `.quali` is
 * the qualification of the competition whose code it extends: its seasons are that competition's
 * editions. `fifa.wc` and `fifa.wc.quali` are the codes the World Cup sources use (tournament-identity.ts,
 * worldcup-json), so those matches, seasons and IDs are shared.
 */
export interface Tournament {
  code: string;
  name: string;
  type: CompetitionType;
  confederation: Confederation | null;
  country: { name: string; code: string } | null;
  seasons: SeasonCut;
}

const BY_NAME = new Map<string, Tournament>();
for (const [source, code, name, type, confederation, seasons, country] of ROWS) {
  if (BY_NAME.has(source)) throw new Error(`tournaments: "${source}" is listed twice`);
  const host = country === undefined ? null : { code: country, name: HOSTS[country] ?? country };
  BY_NAME.set(source, { code, name: name ?? source, type, confederation, country: host, seasons });
}

/** The competition a tournament name of the source is, or undefined when the table does not list it. */
export function knownTournament(source: string): Tournament | undefined {
  return BY_NAME.get(source);
}

/** Every listed name, for tests. */
export function listedTournaments(): string[] {
  return [...BY_NAME.keys()];
}
