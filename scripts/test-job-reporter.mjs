// The summary reporter as scripts/run-tests.mjs runs it in each of its processes: failures as they come,
// then only the line with the counts, which run-tests.mjs sums over all its processes.
import { summaryReporter } from './test-summary-reporter.mjs';

export default summaryReporter({ text: false });
