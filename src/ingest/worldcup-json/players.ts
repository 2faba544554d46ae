import type { PlayerRecord } from '../canonical.js';
import { stableId } from '../identity/stable-id.js';
import { SOURCE_NAMES } from '../source-precedence.js';
import { foldText } from '../../text/fold.js';

const SOURCE = SOURCE_NAMES.worldcupJson;

/**
 * Players as worldcup.json names them. The source has no player keys: a squad player is its team, its
 * folded name and its date of birth; a goal scorer its team and folded name, "team" being the scorer's
 * own side (the opponent's for an own goal). A scorer is not matched to a squad entry: that link would
 * depend on whether the squads file was part of the run, so ingesting `2026/worldcup.json` on its own
 * (a URL to that one file, say) would move every linked goal to another player.
 */
export class PlayerBook {
  private readonly players = new Map<string, PlayerRecord>();

  squadPlayer(scope: string, name: string, dateOfBirth: string | null): string {
    const id = stableId('player', `worldcup.json:${scope}:${foldText(name)}:${dateOfBirth ?? ''}`);
    this.add({ id, name, date_of_birth: dateOfBirth, source: SOURCE, search_name: foldText(name) });
    return id;
  }

  scorer(scope: string, name: string): string {
    const id = stableId('player', `worldcup.json:${scope}:${foldText(name)}`);
    this.add({ id, name, date_of_birth: null, source: SOURCE, search_name: foldText(name) });
    return id;
  }

  records(): PlayerRecord[] {
    return [...this.players.values()];
  }

  private add(player: PlayerRecord): void {
    if (!this.players.has(player.id)) this.players.set(player.id, player);
  }
}
