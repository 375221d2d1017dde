/**
 * npm run bench:api: a real Vigil server on PostgreSQL under autocannon; prints requests/s, p50/p99 and
 * CPU per request of me/, devices/all/ and locations/ beside /healthz measured in the same run, and fails
 * when me/ answers less than 0.3 × /healthz's requests/s. bench/README.md explains.
 */

import { parseApiBenchOptions, USAGE } from './api/options';
import { runApiBench } from './api/run-bench';
import { formatApiSummary, writeApiSummary } from './api/summary';
import { benchMain } from './bench-main';

await benchMain({
  name: 'bench:api',
  usage: USAGE,
  parse: parseApiBenchOptions,
  unreachableHint: ' or pass --database-url',
  run: async (options, cleanup, say) => {
    const summary = await runApiBench(options, cleanup, say);
    say(`\n${formatApiSummary(summary)}`);
    say(`\nSaved ${await writeApiSummary(summary, options.resultsDir)}`);
    return summary.target.pass;
  },
});
