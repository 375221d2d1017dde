import { describe, expect, it } from 'vitest';
import { parseRecordId, sensorGraphPath, snapshotPath } from './dashboard-paths';

describe('dashboard paths', () => {
  it('names the record of a snapshot in the query and its time in the path', () => {
    expect(snapshotPath({ timestamp: '2026-11-02 08:30:05', record_id: 42 })).toBe(
      '/dashboard/historical/snapshot/2026-11-02%2008%3A30%3A05?record=42',
    );
  });
  it('reads only a positive record id', () => {
    expect(parseRecordId('42')).toBe(42);
    expect(parseRecordId(null)).toBeNull();
    expect(parseRecordId('0')).toBeNull();
    expect(parseRecordId('4x')).toBeNull();
  });
  it('opens the live graph of a sensor, or the historical graph at the snapshot time', () => {
    expect(sensorGraphPath('W1.tmp.1', null)).toBe('/graphs/W1.tmp.1');
    expect(sensorGraphPath('W1.tmp.1', '2026-11-02 08:30:05')).toBe(
      '/graphs/historical/graphs/2026-11-02&08:30/W1.tmp.1',
    );
  });
});
