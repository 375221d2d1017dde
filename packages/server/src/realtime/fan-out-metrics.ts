import { Counter, type Registry } from 'prom-client';
import type { FanOutStats } from './bus';

const FAN_OUT_COUNTERS: { key: keyof FanOutStats; name: string; help: string }[] = [
  {
    key: 'published',
    name: 'vigil_live_trees_published_total',
    help: 'Device trees handed to the live feed fan-out (Redis PUBLISH or in-process) because a socket watches the device',
  },
  {
    key: 'skipped',
    name: 'vigil_live_trees_skipped_total',
    help: 'Device trees not published: no live-feed socket on any instance watches the device',
  },
  {
    key: 'superseded',
    name: 'vigil_live_trees_superseded_total',
    help: 'Device trees a live-feed socket never sent because a newer tree replaced them (slow browser, access re-check)',
  },
];

/** The live fan-out's counts (bus.ts) as counters of the instance's registry (http/metrics.ts), read at each scrape. */
export function registerFanOutMetrics(registry: Registry, stats: FanOutStats): void {
  for (const { key, name, help } of FAN_OUT_COUNTERS) {
    new Counter({
      name,
      help,
      registers: [registry],
      collect() {
        this.reset();
        this.inc(stats[key]);
      },
    });
  }
}
