import { SENSOR_IMAGE_TYPES, sensorImageUrl } from '@vigil/contracts';

/** GET sensor-image-types/: the images drawn for Vigil, each with the URL the app serves it at. */
export function listSensorImageTypes() {
  return SENSOR_IMAGE_TYPES.map((type) => ({
    id: type.id,
    name: type.name,
    thumbs: { small: sensorImageUrl(type.file) },
  }));
}
