/**
 * npm run bench:ingest: simulated devices publish through the real broker into the real storage of a
 * real Vigil server, in steps of rising load until the server falls behind; prints the capacity found,
 * each step's figures, its ratio to a plain COPY of the same rows measured in the same run and a run at
 * 80 % of capacity. Exits 1 when a target of issue 11 is missed. bench/README.md explains.
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
  exitCode = summary.passed ? 0 : 1;
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
