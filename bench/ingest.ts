/**
 * npm run bench:ingest: simulated devices publish through the real broker into the real storage of a
 * real Vigil server, in steps of rising load until the server falls behind; prints the capacity found,
 * each step's figures, its ratio to a plain COPY of the same rows measured in the same run and a run at
 * 80 % of capacity. Exits 1 when a target of issue 11 is missed. bench/README.md explains.
 */
import { benchMain } from './bench-main';
import { parseBenchOptions, USAGE } from './ingest/options';
import { runBench } from './ingest/run-bench';
import { formatSummary, writeSummary } from './ingest/summary';

await benchMain({
  name: 'bench:ingest',
  usage: USAGE,
  parse: parseBenchOptions,
  unreachableHint: ', pass --database-url, or use --pglite for a smaller run',
  run: async (options, cleanup, say) => {
    const summary = await runBench(options, cleanup);
    say(`\n${formatSummary(summary)}`);
    say(`\nSaved ${await writeSummary(summary, options.resultsDir)}`);
    return summary.passed;
  },
});
