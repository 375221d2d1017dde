/**
 * npm run bench:api: a real Vigil server on PostgreSQL under autocannon; prints requests/s, p50/p99 and
 * CPU per request of me/, devices/all/ and locations/ beside /healthz measured in the same run, and fails
 * when me/ answers less than 0.3 × /healthz's requests/s. bench/README.md explains.
 */

import { parseApiBenchOptions, USAGE } from './api/options';
import { runApiBench } from './api/run-bench';
import { formatApiSummary, writeApiSummary } from './api/summary';
import { PostgresUnreachableError } from './ingest/bench-database';
import { Cleanup } from './ingest/run-bench';

function parseOrExit(): ReturnType<typeof parseApiBenchOptions> {
  try {
    return parseApiBenchOptions(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\nUsage: ${USAGE}\n`);
    process.exit(2);
  }
}

const options = parseOrExit();
const cleanup = new Cleanup();
let interrupted = false;
process.once('SIGINT', () => {
  interrupted = true;
  process.stderr.write('Interrupted: stopping the server and dropping the bench database …\n');
  void cleanup.run().then(() => process.exit(130));
});

let exitCode = 0;
try {
  const summary = await runApiBench(options, cleanup, (line) => process.stdout.write(`${line}\n`));
  process.stdout.write(`\n${formatApiSummary(summary)}\n`);
  process.stdout.write(`\nSaved ${await writeApiSummary(summary, options.resultsDir)}\n`);
  exitCode = summary.target.pass ? 0 : 1;
} catch (error) {
  if (error instanceof PostgresUnreachableError) {
    process.stderr.write(`${error.message} Start it or pass --database-url.\n`);
    exitCode = 2;
  } else if (!interrupted) {
    process.stderr.write(`bench:api failed: ${error instanceof Error ? error.stack : String(error)}\n`);
    exitCode = 1;
  }
} finally {
  await cleanup.run();
}
process.exit(exitCode);
