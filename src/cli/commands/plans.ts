import type { Config } from '../../config/config.js';
import { printJson } from '../json-output.js';

export async function plansListCommand(
  config: Readonly<Config>,
  options: { json?: boolean },
): Promise<number> {
  if (options.json) {
    // The TOUCHLINE_PLANS_FILE format: the output can start a plans file.
    printJson(
      config.plans.map((p) => ({
        name: p.name,
        requests_per_minute: p.requestsPerMinute,
        requests_per_period: p.requestsPerPeriod,
        description: p.description,
      })),
    );
    return 0;
  }
  process.stdout.write('plan\trequests/minute\trequests/billing period\tdescription\n');
  for (const p of config.plans) {
    process.stdout.write(`${p.name}\t${p.requestsPerMinute}\t${p.requestsPerPeriod}\t${p.description}\n`);
  }
  return 0;
}
