import type { Warning } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import { fieldProblem, payloadOfRows, rowsOfWarnings, sensorOptionsOf } from './warning-form';

const ref = { id: 1, title: 'x' };
const saved: Warning = {
  id: 7,
  name: 'Head Bearing',
  sign: '>',
  value: 150.5,
  unit: '°F',
  sensor_id: 'A1.2.3',
  delay_seconds: 30,
  device: ref,
  location: ref,
};

describe('rowsOfWarnings and payloadOfRows', () => {
  it('round-trip a saved warning', () => {
    const rows = rowsOfWarnings([saved]);
    expect(rows).toEqual([{ sensor_id: 'A1.2.3', sign: '>', value: '150.5', delay_seconds: 30 }]);
    expect(payloadOfRows(rows)).toEqual([
      { sensor_id: 'A1.2.3', sign: '>', value: 150.5, delay_seconds: 30 },
    ]);
  });

  it('sends numbers for the text the person typed', () => {
    expect(payloadOfRows([{ sensor_id: ' B.1 ', sign: '<', value: ' -3.25 ', delay_seconds: 0 }])).toEqual([
      { sensor_id: 'B.1', sign: '<', value: -3.25, delay_seconds: 0 },
    ]);
  });

  it('refuses an unfinished row with the spec message', () => {
    expect(() => payloadOfRows([{ sensor_id: 'B.1', value: '1', delay_seconds: 0 }])).toThrow(
      'Please select...',
    );
  });
});

describe('fieldProblem', () => {
  it("answers the spec's and the contract's messages", () => {
    expect(fieldProblem('value', '')).toBe('Please input your value');
    expect(fieldProblem('value', '12x')).toBe('Enter a valid number.');
    expect(fieldProblem('value', '12')).toBeNull();
    expect(fieldProblem('delay_seconds', 1.5)).toMatch(/whole number of seconds/);
    expect(fieldProblem('delay_seconds', 60)).toBeNull();
  });
});

describe('sensorOptionsOf', () => {
  it('groups the sensors and keeps a saved sensor the tree no longer has', () => {
    const groups = [
      { id: 2, name: 'Temperature', sensors: [{ id: 4, name: 'Tail Bearing', full_id: 'A1.2.4' }] },
      { id: 9, name: 'Empty', sensors: [] },
    ];
    expect(sensorOptionsOf(groups, [saved])).toEqual([
      { label: 'Temperature', title: 'Temperature', options: [{ label: 'Tail Bearing', value: 'A1.2.4' }] },
      {
        label: 'Other sensors',
        title: 'Other sensors',
        options: [{ label: 'Head Bearing', value: 'A1.2.3' }],
      },
    ]);
  });
});
