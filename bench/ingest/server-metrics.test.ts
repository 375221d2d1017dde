import { describe, expect, it } from 'vitest';
import { parseServerMetrics, totalRejected } from './server-metrics';

const TEXT = `# HELP vigil_ingest_messages_total Device messages accepted by the ingest, by kind (state, boot)
# TYPE vigil_ingest_messages_total counter
vigil_ingest_messages_total{kind="boot"} 20
vigil_ingest_messages_total{kind="state"} 1200
vigil_ingest_rejected_total{reason="invalid_tree"} 3
vigil_ingest_rejected_total{reason="store_failed"} 2
vigil_ingest_rejected_total{reason="oversize"} 0
vigil_process_cpu_seconds_total 12.5
vigil_process_resident_memory_bytes 251658240
vigil_nodejs_eventloop_lag_p50_seconds 0.010567
vigil_nodejs_eventloop_lag_p99_seconds 0.084279
vigil_nodejs_eventloop_lag_max_seconds 0.412
vigil_nodejs_eventloop_lag_seconds 0.002
`;

describe('parseServerMetrics', () => {
  it('reads accepted trees, rejections by reason, CPU, RSS and event-loop lag', () => {
    const metrics = parseServerMetrics(TEXT);
    expect(metrics).toEqual({
      stateMessages: 1200,
      rejected: { invalid_tree: 3, store_failed: 2 },
      cpuSeconds: 12.5,
      residentBytes: 251658240,
      eventLoopLagP99Seconds: 0.084279,
      eventLoopLagMaxSeconds: 0.412,
    });
    expect(totalRejected(metrics)).toBe(5);
  });
});
