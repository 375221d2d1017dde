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
`;

describe('parseServerMetrics', () => {
  it('reads accepted trees, rejections by reason, CPU and RSS', () => {
    const metrics = parseServerMetrics(TEXT);
    expect(metrics).toEqual({
      stateMessages: 1200,
      rejected: { invalid_tree: 3, store_failed: 2 },
      cpuSeconds: 12.5,
      residentBytes: 251658240,
    });
    expect(totalRejected(metrics)).toBe(5);
  });
});
