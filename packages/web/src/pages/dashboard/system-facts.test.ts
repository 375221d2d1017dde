import type { Sensor } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import { SYSTEM_FACT_LABELS, systemFactsOf } from './system-facts';

const sensor = (Value: Sensor['Value'], State?: string): Sensor => ({
  Id: 1,
  Name: 'Network',
  Type: 'NUMERIC',
  Value,
  Status: 'OK',
  Alarm: false,
  Meta: { State },
});

describe('systemFactsOf', () => {
  it('shows a sensor state text before its value, and the Meta counters', () => {
    const facts = systemFactsOf(sensor(1, ' Network A '), sensor(3), { Nodes: 4, Blocks: 15, Activity: 0 });
    expect(facts).toEqual(['Network A', '3', '4', '15', '0']);
    expect(facts).toHaveLength(SYSTEM_FACT_LABELS.length);
  });

  it('shows a dash for what the tree does not carry', () => {
    expect(systemFactsOf(undefined, sensor(null, '  '), null)).toEqual(['—', '—', '—', '—', '—']);
    expect(systemFactsOf(undefined, undefined, { Nodes: null })[2]).toBe('—');
  });
});
