/**
 * npm run bench:graphs: 30 days of 1-minute history for 10 devices × 100 sensors, written through the storage
 * layer's own bulk path into PostgreSQL, then the 30-day graph call of a real Vigil server timed next to a plain
 * count(*) of the same device's raw rows in the same run; capacity at 1, 2 and 4 clients. bench/README.md explains.
 */

import { benchMain } from './bench-main';
import { parseGraphsBenchOptions, plannedPoints, USAGE } from './graphs/options';
import { runGraphsBench } from './graphs/run-bench';
import { formatSummary, writeSummary } from './graphs/summary';

await benchMain({
  name: 'bench:graphs',
  usage: USAGE,
  parse: parseGraphsBenchOptions,
  unreachableHint: ' or pass --database-url',
  run: async (options, cleanup, say) => {
    say(
      `bench:graphs: ${plannedPoints(options).toLocaleString('en-US')} raw points to load, then the graph call.`,
    );
    const summary = await runGraphsBench(options, cleanup, say);
    say(`\n${formatSummary(summary)}`);
    say(`\nSaved ${await writeSummary(summary, options.resultsDir)}`);
    return summary.target.pass;
  },
});
