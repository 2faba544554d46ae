import { Option, type Command } from 'commander';
import { KEY_TRUST_MS } from '../../auth/key-directory.js';
import { action } from './action.js';
import { jsonOption } from './json-option.js';
import { duration, keyName, wholeNumber } from './option-values.js';

const DEFAULT_GRACE = '24h';
const DEFAULT_GRACE_MS = 24 * 3_600_000;
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
    .addOption(jsonOption())
    .action(
      action<{
        name?: string;
        plan?: string;
        expiresInDays?: number;
        billingAnchorDay?: number;
        json?: boolean;
      }>(async (config, _args, options) =>
        (await import('../commands/keys.js')).keysCreateCommand(config, options),
      ),
    );

  keys
    .command('list')
    .summary("list keys with their state and this billing period's use")
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

  keys
    .command('set-plan')
    .summary('move a key to another plan')
    .description(
      'Move a key to another plan (see plans list). Its counts of this minute and billing period carry ' +
        `over; running servers apply the new limits within ${KEY_TRUST_MS} ms.`,
    )
    .argument('<key>', keyRef)
    .argument('<plan>', 'the new plan')
    .addOption(jsonOption())
    .action(
      action<{ json?: boolean }>(async (config, [ref, plan], options) =>
        (await import('../commands/key-lifecycle.js')).keysSetPlanCommand(
          config,
          ref as string,
          plan as string,
          options,
        ),
      ),
    );

  keys
    .command('rename')
    .summary("change a key's name")
    .argument('<key>', keyRef)
    .argument('<name>', 'who or what the key is for', keyName)
    .addOption(jsonOption())
    .action(
      action<{ json?: boolean }>(async (config, [ref, name], options) =>
        (await import('../commands/key-lifecycle.js')).keysRenameCommand(
          config,
          ref as string,
          name as string,
          options,
        ),
      ),
    );

  keys
    .command('rotate')
    .summary('give a key a new secret, keeping its id, plan and usage')
    .description(
      'Give a key a new secret, printed once on stdout; its id, plan and usage stay. The previous ' +
        'secret keeps working for the grace period, then is refused as revoked. A revoked or expired ' +
        'key cannot be rotated.',
    )
    .argument('<key>', keyRef)
    .addOption(
      new Option('--grace <duration>', 'how long the previous secret keeps working (0s: not at all)')
        .argParser(duration)
        .default(DEFAULT_GRACE_MS, DEFAULT_GRACE),
    )
    .addOption(jsonOption())
    .action(
      action<{ grace: number; json?: boolean }>(async (config, [ref], options) =>
        (await import('../commands/key-lifecycle.js')).keysRotateCommand(config, ref as string, options),
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
      .addOption(jsonOption())
      .action(
        action<{ json?: boolean }>(async (config, [ref], options) =>
          (await import('../commands/keys.js')).keysChangeCommand(config, change, ref as string, options),
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
