/**
 * npm run bench:graphs: 30 days of 1-minute history for 10 devices × 100 sensors, written through the storage
 * layer's own bulk path into PostgreSQL, then the 30-day graph call of a real Vigil server timed next to a plain
 * count(*) of the same device's raw rows in the same run; capacity at 1, 2 and 4 clients. bench/README.md explains.
 */

import { parseGraphsBenchOptions, plannedPoints, USAGE } from './graphs/options';
import { runGraphsBench } from './graphs/run-bench';
import { formatSummary, writeSummary } from './graphs/summary';
import { PostgresUnreachableError } from './ingest/bench-database';
import { Cleanup } from './ingest/run-bench';

function parseOrExit(): ReturnType<typeof parseGraphsBenchOptions> {
  try {
    return parseGraphsBenchOptions(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\nUsage: ${USAGE}\n`);
    process.exit(2);
  }
}

const say = (line: string) => process.stdout.write(`${line}\n`);
const options = parseOrExit();
const cleanup = new Cleanup();
let interrupted = false;
process.once('SIGINT', () => {
  interrupted = true;
  process.stderr.write('Interrupted: stopping the server and dropping the bench database …\n');
  void cleanup.run().then(() => process.exit(130));
});

say(
  `bench:graphs: ${plannedPoints(options).toLocaleString('en-US')} raw points to load, then the graph call.`,
);
let exitCode = 0;
try {
  const summary = await runGraphsBench(options, cleanup, say);
  say(`\n${formatSummary(summary)}`);
  say(`\nSaved ${await writeSummary(summary, options.resultsDir)}`);
  exitCode = summary.target.pass ? 0 : 1;
} catch (error) {
  if (error instanceof PostgresUnreachableError) {
    process.stderr.write(`${error.message} Start it or pass --database-url.\n`);
    exitCode = 2;
  } else if (!interrupted) {
    process.stderr.write(`bench:graphs failed: ${error instanceof Error ? error.stack : String(error)}\n`);
    exitCode = 1;
  }
} finally {
  await cleanup.run();
}
process.exit(exitCode);
