import type { Config } from '../../config/config.js';
import { printJson } from '../json-output.js';
import { printListing } from '../table-output.js';

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
  const headers = ['plan', 'requests/minute', 'requests/billing period', 'description'];
  const rows = config.plans.map((p) => [
    p.name,
    String(p.requestsPerMinute),
    String(p.requestsPerPeriod),
    p.description,
  ]);
  // Piped, the header line too, as this listing always had.
  printListing({ headers, rows, plain: [headers, ...rows].map((cells) => cells.join('\t')) });
  return 0;
}
