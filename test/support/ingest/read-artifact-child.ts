// Run in a process of its own by test/system/ingest/archive-bombs.test.ts, so that the memory a read takes can be
// measured apart from the test runner's: reads one artifact and prints, as JSON, the error (if any), the
// number of files and the process's peak resident set size in bytes.
import { readArtifact } from '../../../src/ingest/artifacts/read-artifact.js';

let error: string | null = null;
let files = 0;
try {
  files = (await readArtifact(process.argv[2]!)).files.length;
} catch (failure) {
  error = (failure as Error).message;
}
// maxRSS is in kilobytes.
const peakRss = process.resourceUsage().maxRSS * 1024;
process.stdout.write(JSON.stringify({ error, files, peakRss }));
