/**
 * npm run bench:notifications: 5 million notifications over 200 sites in PostgreSQL, then the log's filtered list
 * (site + type + 30-day range, page 1 and page 200) and active-count/ of a real Vigil server, for a super user and
 * a site manager, each timed next to the same rows looked up by plain SQL in the same run. bench/README.md explains.
 */

import { benchMain } from './bench-main';
import { parseNotificationsBenchOptions, USAGE } from './notifications/options';
import { runNotificationsBench } from './notifications/run-bench';
import { formatSummary, writeSummary } from './notifications/summary';

await benchMain({
  name: 'bench:notifications',
  usage: USAGE,
  parse: parseNotificationsBenchOptions,
  unreachableHint: ' or pass --database-url',
  run: async (options, cleanup, say) => {
    const summary = await runNotificationsBench(options, cleanup, say);
    say(`\n${formatSummary(summary)}`);
    say(`\nSaved ${await writeSummary(summary, options.resultsDir)}`);
    return summary.target.pass;
  },
});
