import type { Config } from '../../config/config.js';
import { UsageError } from '../usage-error.js';

export async function plansCommand(argv: string[], config: Readonly<Config>): Promise<number> {
  if (argv[0] !== 'list') throw new UsageError('plans needs an action: list');
  process.stdout.write('plan\trequests/minute\trequests/billing period\tdescription\n');
  for (const p of config.plans) {
    process.stdout.write(`${p.name}\t${p.requestsPerMinute}\t${p.requestsPerPeriod}\t${p.description}\n`);
  }
  return 0;
}
