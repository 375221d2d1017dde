import type { SensorImages } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import { DEFAULT_IMAGE, imagesFormValuesOf, imagesPayloadOf } from './images-form';

const data: SensorImages = {
  groups: [
    {
      id: 'E1.ntc',
      name: 'NTC',
      sensors: [
        { id: 'E1.ntc.1', label: 'NTC 1', name: 'Kiln Probe', image_type: 'temperature-probe' },
        { id: 'E1.ntc.2', label: 'NTC 2', name: 'NTC 2', image_type: null },
      ],
    },
  ],
};

describe('sensor images form', () => {
  it("shows null as 'Default image' and sends it back as null", () => {
    const values = imagesFormValuesOf(data);
    expect(values.images).toEqual({ 'E1.ntc.1': 'temperature-probe', 'E1.ntc.2': DEFAULT_IMAGE });
    values.images['E1.ntc.1'] = DEFAULT_IMAGE;
    values.images['E1.ntc.2'] = 'gas-sensor';
    expect(imagesPayloadOf(data, values)).toEqual({
      sensor_image_types: { 'E1.ntc.1': null, 'E1.ntc.2': 'gas-sensor' },
    });
  });
});
