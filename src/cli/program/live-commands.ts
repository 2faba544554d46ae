import { Option, type Command } from 'commander';
import { action } from './action.js';
import { jsonOption } from './json-option.js';
import { wholeNumber } from './option-values.js';

export function addLiveCommands(program: Command): void {
  const live = program
    .command('live')
    .summary('apply live match updates, and see those refused')
    .description('Apply live match updates (docs/live-updates.md), and list those refused with the reason.');

  live
    .command('apply')
    .summary('apply a stream of match updates, one JSON object per line')
    .description(
      'Apply match updates read as JSON lines (one update per line) from a file or stdin, each in one ' +
        'transaction, printing one JSON verdict per line on stdout: applied, duplicate, stale or rejected ' +
        'with the reason. A bad line (invalid JSON, over 1 MiB, refused by the rules) is rejected and the ' +
        'stream goes on; the exit status is 0 once the input has ended, whatever the verdicts.',
    )
    .addOption(new Option('--from <file>', 'a file of JSON lines, or - for stdin').default('-', 'stdin'))
    .addOption(jsonOption('JSON lines on stdout, as always (accepted so that every command takes it)'))
    .action(
      action<{ from: string; json?: boolean }>(async (config, _args, options) =>
        (await import('../commands/live.js')).liveApplyCommand(config, options),
      ),
    );

  live
    .command('rejections')
    .summary('list the newest updates refused, with the reason')
    .addOption(new Option('--limit <count>', 'how many (1-1000)').argParser(wholeNumber(1, 1000)).default(50))
    .addOption(jsonOption())
    .action(
      action<{ limit: number; json?: boolean }>(async (config, _args, options) =>
        (await import('../commands/live.js')).liveRejectionsCommand(config, options),
      ),
    );
}
