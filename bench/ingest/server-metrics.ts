/** The figures the bench reads from the server's Prometheus endpoint. */
export type ServerMetrics = {
  stateMessages: number;
  /** vigil_ingest_rejected_total by reason (only reasons seen). */
  rejected: Record<string, number>;
  cpuSeconds: number | null;
  residentBytes: number | null;
  /**
   * Event-loop delay of the server's main thread since the previous scrape (prom-client's default
   * metrics reset their monitorEventLoopDelay histogram on every scrape), p99 and maximum, in seconds.
   */
  eventLoopLagP99Seconds: number | null;
  eventLoopLagMaxSeconds: number | null;
};

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{([^}]*)\})?\s+(\S+)$/;

/** Parses the Prometheus text format into the few series the bench needs. */
export function parseServerMetrics(text: string): ServerMetrics {
  const metrics: ServerMetrics = {
    stateMessages: 0,
    rejected: {},
    cpuSeconds: null,
    residentBytes: null,
    eventLoopLagP99Seconds: null,
    eventLoopLagMaxSeconds: null,
  };
  for (const line of text.split('\n')) {
    const match = SAMPLE.exec(line.trim());
    if (match === null) {
      continue;
    }
    const [, name, labels = '', raw] = match;
    const value = Number(raw);
    if (name === 'vigil_ingest_messages_total' && labels.includes('kind="state"')) {
      metrics.stateMessages = value;
    } else if (name === 'vigil_ingest_rejected_total') {
      const reason = /reason="([^"]*)"/.exec(labels)?.[1] ?? '?';
      if (value > 0) {
        metrics.rejected[reason] = value;
      }
    } else if (name === 'vigil_process_cpu_seconds_total') {
      metrics.cpuSeconds = value;
    } else if (name === 'vigil_process_resident_memory_bytes') {
      metrics.residentBytes = value;
    } else if (name === 'vigil_nodejs_eventloop_lag_p99_seconds') {
      metrics.eventLoopLagP99Seconds = value;
    } else if (name === 'vigil_nodejs_eventloop_lag_max_seconds') {
      metrics.eventLoopLagMaxSeconds = value;
    }
  }
  return metrics;
}

/** Scrapes the server's /metrics with its METRICS_TOKEN. */
export async function fetchServerMetrics(server: {
  baseUrl: string;
  metricsToken: string;
}): Promise<ServerMetrics> {
  const response = await fetch(`${server.baseUrl}/metrics`, {
    headers: { authorization: `Bearer ${server.metricsToken}` },
  });
  if (!response.ok) {
    throw new Error(`GET /metrics answered ${response.status}`);
  }
  return parseServerMetrics(await response.text());
}

export function totalRejected(metrics: ServerMetrics): number {
  return Object.values(metrics.rejected).reduce((sum, count) => sum + count, 0);
}
