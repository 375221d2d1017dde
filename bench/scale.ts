/**
 * npm run bench:scale (issue 26): the same ingest load through one compiled Vigil instance and through two,
 * side by side in one run, on PostgreSQL, Redis and Mosquitto (shared subscription): each configuration's
 * capacity, the ratio two reach against one, every component's CPU per data point, the server's CPU per
 * browser frame and a whole dashboard load. Exit 1 when the ratio misses its target, 2 when a service is
 * missing. bench/README.md explains.
 */
import { benchMain } from './bench-main';
import { parseScaleOptions, USAGE } from './scale/options';
import { runScale } from './scale/run-scale';
import { formatScaleSummary, writeScaleSummary } from './scale/summary';

await benchMain({
  name: 'bench:scale',
  usage: USAGE,
  parse: parseScaleOptions,
  unreachableHint: ' (service postgresql start), or pass --database-url',
  run: async (options, cleanup, say) => {
    const summary = await runScale(options, cleanup);
    say(`\n${formatScaleSummary(summary)}`);
    say(`\nSaved ${await writeScaleSummary(summary, options.resultsDir)}`);
    return summary.passed;
  },
});
