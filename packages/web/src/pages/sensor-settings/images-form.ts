import type { SensorImages, SensorImagesSave } from '@vigil/contracts';

/** antd's Select shows null as 'nothing chosen': 'Default image' (null on the wire) is this value in the form. */
export const DEFAULT_IMAGE = '__default__';

export type SensorImagesFormValues = { images: Record<string, string> };

export function imagesFormValuesOf(data: SensorImages): SensorImagesFormValues {
  const images: Record<string, string> = {};
  for (const group of data.groups) {
    for (const sensor of group.sensors) {
      images[sensor.id] = sensor.image_type ?? DEFAULT_IMAGE;
    }
  }
  return { images };
}

/** POST settings/sensor-images/ for the form: every sensor; 'Default image' is null. */
export function imagesPayloadOf(data: SensorImages, values: SensorImagesFormValues): SensorImagesSave {
  const chosen: Record<string, string | null> = {};
  for (const group of data.groups) {
    for (const sensor of group.sensors) {
      const image = values.images?.[sensor.id] ?? DEFAULT_IMAGE;
      chosen[sensor.id] = image === DEFAULT_IMAGE ? null : image;
    }
  }
  return { sensor_image_types: chosen };
}
