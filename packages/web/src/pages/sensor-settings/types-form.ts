import type { ConfigurableSensorType, SensorTypes, SensorTypesSave } from '@vigil/contracts';

/** One sensor's row of Edit Sensor Types: Digital (BOOL) or Analog (NUMERIC), unit id, k and c. */
export type SensorTypeRow = {
  type: ConfigurableSensorType;
  unit: number | null;
  k: number | null;
  c: number | null;
};
export type SensorTypesFormValues = { sensors: Record<string, SensorTypeRow> };

/** M section 9's labels of the two types. */
export const SENSOR_TYPE_OPTIONS: { label: string; value: ConfigurableSensorType }[] = [
  { label: 'Digital', value: 'BOOL' },
  { label: 'Analog', value: 'NUMERIC' },
];

export function typesFormValuesOf(data: SensorTypes): SensorTypesFormValues {
  const sensors: Record<string, SensorTypeRow> = {};
  for (const group of data.sensor_types) {
    for (const sensor of group.sensors) {
      sensors[sensor.id] = { type: sensor.type, unit: sensor.unit, k: sensor.k_value, c: sensor.c_value };
    }
  }
  return { sensors };
}

/** POST settings/sensor-types for the form; an emptied k or c is sent as null (the server's 1 and 0). */
export function typesPayloadOf(data: SensorTypes, values: SensorTypesFormValues): SensorTypesSave {
  const sensorTypes: SensorTypesSave['sensor_types'] = {};
  for (const group of data.sensor_types) {
    for (const sensor of group.sensors) {
      const row = values.sensors?.[sensor.id];
      sensorTypes[sensor.id] = {
        type: row?.type ?? sensor.type,
        unit: row === undefined ? sensor.unit : row.unit,
        k: row?.k ?? 1,
        c: row?.c ?? 0,
      };
    }
  }
  return { sensor_types: sensorTypes };
}
