import type { SensorNames } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import { isF500UdfNames, namesFormValuesOf, namesPayloadOf } from './names-form';

const ethNode: SensorNames = {
  sensor_names: [
    {
      id: 'E1.ntc',
      name: 'NTC',
      sensors: [
        { id: 'E1.ntc.1', label: 'NTC 1', name: 'Kiln Probe' },
        { id: 'E1.ntc.2', label: 'NTC 2', name: 'NTC 2' },
      ],
    },
  ],
};

const udf: SensorNames = {
  degrees: null,
  networks: [
    { label: 'Network 1', name: 'North Leg' },
    { label: 'Network 2', name: 'Network 2' },
  ],
  sensor_names: [
    {
      id: 'U1.net1.n01',
      name: 'Network 1 / Node 1',
      sensors: [{ id: 'U1.net1.n01.1', label: 'Input 1', name: 'Input 1' }],
    },
  ],
};

describe('namesFormValuesOf', () => {
  it('starts from the shown names by sensor id', () => {
    expect(namesFormValuesOf(ethNode)).toEqual({ names: { 'E1.ntc.1': 'Kiln Probe', 'E1.ntc.2': 'NTC 2' } });
    expect(isF500UdfNames(ethNode)).toBe(false);
  });

  it('adds degrees and networks by number for F500-UDF', () => {
    expect(namesFormValuesOf(udf)).toEqual({
      names: { 'U1.net1.n01.1': 'Input 1' },
      degrees: null,
      networks: { '1': 'North Leg', '2': 'Network 2' },
    });
  });
});

describe('namesPayloadOf', () => {
  it('sends every sensor; a name equal to its own label or blank removes the custom name', () => {
    const values = { names: { 'E1.ntc.1': '  Kiln Probe 2 ', 'E1.ntc.2': 'NTC 2' } };
    expect(namesPayloadOf(ethNode, values)).toEqual({
      sensor_names: { 'E1.ntc.1': 'Kiln Probe 2', 'E1.ntc.2': '' },
    });
    expect(namesPayloadOf(ethNode, { names: { 'E1.ntc.1': ' ' } }).sensor_names).toEqual({
      'E1.ntc.1': '',
      'E1.ntc.2': '',
    });
  });

  it('sends degrees and networks 1-4 for F500-UDF', () => {
    const values = {
      names: { 'U1.net1.n01.1': 'Elevator' },
      degrees: 'C' as const,
      networks: { '1': 'Network 1', '2': 'South' },
    };
    expect(namesPayloadOf(udf, values)).toEqual({
      sensor_names: { 'U1.net1.n01.1': 'Elevator' },
      degrees: 'C',
      networks: { '1': '', '2': 'South' },
    });
  });
});
