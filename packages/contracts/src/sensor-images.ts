import { z } from 'zod';
import { SensorIdKeySchema } from './sensor-settings';

/**
 * Sensor images (monitoring spec sections 2 'Sensor Images', 3 and 7; docs/sensor-settings.md): the pictures
 * drawn for Vigil, and the per-device choice of one for each sensor ('Default image' when none).
 */

export type SensorImageType = { id: string; name: string; file: string };

/** The images drawn for Vigil (packages/server/assets/sensor-images/<file>.svg); ids are stored per sensor. */
export const SENSOR_IMAGE_TYPES: readonly SensorImageType[] = [
  { id: 'temperature-probe', name: 'Temperature probe', file: 'temperature-probe' },
  { id: 'bearing-temperature', name: 'Bearing temperature', file: 'bearing-temperature' },
  { id: 'belt-alignment', name: 'Belt alignment (rub block)', file: 'belt-alignment' },
  { id: 'speed-sensor', name: 'Speed sensor', file: 'speed-sensor' },
  { id: 'gas-sensor', name: 'Gas sensor', file: 'gas-sensor' },
  { id: 'contact-switch', name: 'Contact / alarm switch', file: 'contact-switch' },
  { id: 'level-sensor', name: 'Level / plug sensor', file: 'level-sensor' },
  { id: 'pulley', name: 'Pulley', file: 'pulley' },
  { id: 'analog-input', name: 'Analog input (4-20 mA)', file: 'analog-input' },
];

/** Where the app serves an image type's picture. */
export const sensorImageUrl = (file: string): string => `/static/sensor-images/${file}.svg`;

export const SensorImageTypeSchema = z.object({
  id: z.string(),
  name: z.string(),
  thumbs: z.object({ small: z.string().describe('URL of the picture (SVG, served by the app)') }),
});
export const SensorImageTypesSchema = z.array(SensorImageTypeSchema);

export const SensorImageItemSchema = z.object({
  id: z.string().describe('Full dotted sensor id'),
  label: z.string().describe("The sensor's own Name"),
  name: z.string().describe('The custom name, or the label when none'),
  image_type: z.string().nullable().describe("An id of sensor-image-types/, or null: 'Default image'"),
});

/** GET settings/sensor-images/: groups of sensors with the image chosen for each. */
export const SensorImagesSchema = z.object({
  groups: z.array(z.object({ id: z.string(), name: z.string(), sensors: z.array(SensorImageItemSchema) })),
});
export type SensorImages = z.infer<typeof SensorImagesSchema>;

/** POST settings/sensor-images/: only the sensors sent change; null is 'Default image'. */
export const SensorImagesSaveSchema = z.object({
  device_id: z.coerce.number().int().optional().describe('The device of the address (checked when sent)'),
  sensor_image_types: z
    .record(
      SensorIdKeySchema,
      z.union([z.string(), z.number(), z.null()]).transform((v) => (v === null ? null : String(v))),
    )
    .describe("Sensor id → an id of sensor-image-types/, or null for 'Default image'"),
});
export type SensorImagesSave = z.infer<typeof SensorImagesSaveSchema>;
