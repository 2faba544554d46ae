import { InvalidArgumentError, Option, type Command } from 'commander';
import { action } from './action.js';
import { jsonOption } from './json-option.js';

/** The fastest replay asked for by speed: beyond it, `--no-wait` (or 0) says the same. */
const MAX_SPEED = 100_000;

function speed(raw: string): number {
  if (!/^\d+(\.\d+)?$/.test(raw) || Number(raw) > MAX_SPEED) {
    throw new InvalidArgumentError(`It must be a number from 0 to ${MAX_SPEED} (0: no waiting).`);
  }
  return Number(raw);
}

function httpUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new InvalidArgumentError('It must be the admin listener URL, such as http://127.0.0.1:9400.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new InvalidArgumentError('It must be an http:// or https:// URL.');
  }
  return raw;
}

export function addReplayCommands(program: Command): void {
  program
    .command('replay')
    .summary('play a stored match into the live updates as if it were live')
    .description(
      'Play a stored finished match with a timeline (any World Cup match from Fjelstul) into the live ' +
        'updates as if it were live: back to before kick-off (a correction), kick-off, each goal, card and ' +
        'substitution at its minute, the breaks and the shoot-out as the match had them, then full time, ' +
        'which leaves the match as it was stored. One line per moment on stdout. Ctrl-C skips to full time ' +
        '(docs/live-updates.md, "Replay").',
    )
    .argument('<match_id>', 'the match (match_…)')
    .addOption(
      new Option('--speed <n>', 'match minutes per minute: 60 plays a minute a second; 0: no waiting')
        .argParser(speed)
        .default(60),
    )
    .addOption(new Option('--no-wait', 'send every update as fast as it applies (as --speed 0)'))
    .addOption(
      new Option('--to <url>', "send the updates to a running server's admin listener").argParser(httpUrl),
    )
    .addOption(new Option('--token <token>', 'the admin token for --to (default: TOUCHLINE_ADMIN_TOKEN)'))
    .addOption(jsonOption('print one JSON object per moment (fields in docs/cli.md)'))
    .action(
      action<{ speed: number; wait: boolean; to?: string; token?: string; json?: boolean }>(
        async (config, [matchId], options) =>
          (await import('../commands/replay.js')).replayCommand(config, matchId as string, options),
      ),
    );
}
