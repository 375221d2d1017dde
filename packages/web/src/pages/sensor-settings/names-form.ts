import { type Degrees, NETWORK_NUMBERS, type SensorNames, type SensorNamesSave } from '@vigil/contracts';

/** Values of the Edit Sensor Names form: names by full sensor id, and for F500-UDF degrees and networks 1-4. */
export type SensorNamesFormValues = {
  names: Record<string, string>;
  degrees?: Degrees | null;
  networks?: Record<string, string>;
};

/** The server sends degrees and networks only for F500-UDF devices. */
export function isF500UdfNames(data: SensorNames): boolean {
  return data.networks !== undefined;
}

/** The form's starting values: the names the server shows (custom, else the sensor's own). */
export function namesFormValuesOf(data: SensorNames): SensorNamesFormValues {
  const names: Record<string, string> = {};
  for (const group of data.sensor_names) {
    for (const sensor of group.sensors) {
      names[sensor.id] = sensor.name;
    }
  }
  if (!isF500UdfNames(data)) {
    return { names };
  }
  const networks: Record<string, string> = {};
  (data.networks ?? []).forEach((network, index) => {
    const number = NETWORK_NUMBERS[index];
    if (number !== undefined) {
      networks[number] = network.name;
    }
  });
  return { names, degrees: data.degrees ?? null, networks };
}

/** A name equal to the own label (or blank) removes the custom name, so the device's own name shows again. */
function customName(value: string | undefined, label: string): string {
  const name = (value ?? '').trim();
  return name === label ? '' : name;
}

/** POST settings/sensor-names for the form: every sensor of the page, and for F500-UDF degrees and networks. */
export function namesPayloadOf(data: SensorNames, values: SensorNamesFormValues): SensorNamesSave {
  const sensorNames: Record<string, string> = {};
  for (const group of data.sensor_names) {
    for (const sensor of group.sensors) {
      sensorNames[sensor.id] = customName(values.names?.[sensor.id], sensor.label);
    }
  }
  if (!isF500UdfNames(data)) {
    return { sensor_names: sensorNames };
  }
  const networks: Record<string, string> = {};
  (data.networks ?? []).forEach((network, index) => {
    const number = NETWORK_NUMBERS[index];
    if (number !== undefined) {
      networks[number] = customName(values.networks?.[number], network.label);
    }
  });
  return { sensor_names: sensorNames, degrees: values.degrees ?? null, networks };
}
