import { Option, type Command } from 'commander';
import { action } from './action.js';
import { wholeNumber } from './option-values.js';

const jsonOption = () => new Option('--json', 'print JSON (fields in docs/cli.md)');
const keyRef = 'a key id (see keys list) or the key itself';

export function addKeyCommands(program: Command): void {
  const keys = program
    .command('keys')
    .summary('issue and manage API keys')
    .description('Issue and manage API keys; only their SHA-256 is stored.');

  keys
    .command('create')
    .summary('issue a key')
    .description('Issue a key: printed once on stdout; its id and plan go to stderr.')
    .addOption(new Option('--name <name>', 'who or what the key is for (default: unnamed)'))
    .addOption(new Option('--plan <plan>', 'see plans list (default: development, or free in production)'))
    .addOption(
      new Option('--expires-in-days <days>', 'expire the key after this many days (1-36500)').argParser(
        wholeNumber(1, 36_500),
      ),
    )
    .addOption(
      new Option(
        '--billing-anchor-day <day>',
        'bill monthly from this day of the month (1-28; default: calendar months, UTC)',
      ).argParser(wholeNumber(1, 28)),
    )
    .action(
      action<{ name?: string; plan?: string; expiresInDays?: number; billingAnchorDay?: number }>(
        async (config, _args, options) =>
          (await import('../commands/keys.js')).keysCreateCommand(config, options),
      ),
    );

  keys
    .command('list')
    .summary('list keys with their state')
    .addOption(jsonOption())
    .action(
      action<{ json?: boolean }>(async (config, _args, options) =>
        (await import('../commands/keys-report.js')).keysListCommand(config, options),
      ),
    );

  keys
    .command('usage')
    .summary("a key's use of this billing period")
    .description("This billing period's request count, remaining requests and reset time of a key.")
    .argument('<key>', keyRef)
    .addOption(jsonOption())
    .action(
      action<{ json?: boolean }>(async (config, [ref], options) =>
        (await import('../commands/keys-report.js')).keysUsageCommand(config, ref as string, options),
      ),
    );

  const changes = [
    ['revoke', 'revoke a key (401 from then on)'],
    ['deactivate', "mark the key's subscription inactive (403 subscription_inactive)"],
    ['activate', "mark the key's subscription active again"],
  ] as const;
  for (const [change, summary] of changes) {
    keys
      .command(change)
      .summary(summary)
      .argument('<key>', keyRef)
      .action(
        action(async (config, [ref]) =>
          (await import('../commands/keys.js')).keysChangeCommand(config, change, ref as string),
        ),
      );
  }

  program
    .command('plans')
    .summary('the plans keys can be on')
    .command('list')
    .summary('list the plans (requests per minute and per billing period)')
    .addOption(jsonOption())
    .action(
      action<{ json?: boolean }>(async (config, _args, options) =>
        (await import('../commands/plans.js')).plansListCommand(config, options),
      ),
    );
}
