/**
 * npm run bench:ingest: simulated devices publish through the real broker into the real storage of a
 * real Vigil server; prints stored points/s, publish-to-stored and publish-to-browser latencies and
 * the ratio to a plain COPY of the same rows measured in the same run. bench/README.md explains.
 */
import { PostgresUnreachableError } from './ingest/bench-database';
import { parseBenchOptions, USAGE } from './ingest/options';
import { Cleanup, runBench } from './ingest/run-bench';
import { formatSummary, writeSummary } from './ingest/summary';

function parseOrExit(): ReturnType<typeof parseBenchOptions> {
  try {
    return parseBenchOptions(process.argv.slice(2));
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
  const summary = await runBench(options, cleanup);
  process.stdout.write(`\n${formatSummary(summary)}\n`);
  process.stdout.write(`\nSaved ${await writeSummary(summary, options.resultsDir)}\n`);
} catch (error) {
  if (error instanceof PostgresUnreachableError) {
    process.stderr.write(
      `${error.message} Start it, pass --database-url, or use --pglite for a smaller run.\n`,
    );
    exitCode = 2;
  } else if (!interrupted) {
    process.stderr.write(`bench:ingest failed: ${error instanceof Error ? error.stack : String(error)}\n`);
    exitCode = 1;
  }
} finally {
  await cleanup.run();
}
process.exit(exitCode);
