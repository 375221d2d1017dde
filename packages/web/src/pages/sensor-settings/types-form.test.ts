import type { SensorTypes } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import { typesFormValuesOf, typesPayloadOf } from './types-form';

const data: SensorTypes = {
  sensor_types: [
    {
      id: 'E2.analog',
      name: 'Analog',
      sensors: [
        { id: 'E2.analog.1', label: 'Analog 1', type: 'NUMERIC', unit: 5, k_value: 2, c_value: -1 },
        { id: 'E2.analog.2', label: 'Analog 2', type: 'BOOL', unit: null, k_value: 1, c_value: 0 },
      ],
    },
  ],
};

describe('sensor types form', () => {
  it('round-trips the loaded types', () => {
    const values = typesFormValuesOf(data);
    expect(values.sensors['E2.analog.1']).toEqual({ type: 'NUMERIC', unit: 5, k: 2, c: -1 });
    expect(typesPayloadOf(data, values)).toEqual({
      sensor_types: {
        'E2.analog.1': { type: 'NUMERIC', unit: 5, k: 2, c: -1 },
        'E2.analog.2': { type: 'BOOL', unit: null, k: 1, c: 0 },
      },
    });
  });

  it('sends the defaults for an emptied k or c and keeps a cleared unit', () => {
    const values = typesFormValuesOf(data);
    values.sensors['E2.analog.1'] = { type: 'NUMERIC', unit: null, k: null, c: null };
    expect(typesPayloadOf(data, values).sensor_types['E2.analog.1']).toEqual({
      type: 'NUMERIC',
      unit: null,
      k: 1,
      c: 0,
    });
  });
});
