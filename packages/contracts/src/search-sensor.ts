import { z } from 'zod';
import { IdSchema, MAX_ID } from './common';
import { FullSensorIdSchema } from './visual-dashboard';

/**
 * `search-sensor/` of the visual dashboard (monitoring spec section 7; wire-formats 'Visual dashboard (v2)';
 * docs/visual-dashboard.md 'Sensor search and machines'): the sensors of a site a machine's point may be bound to.
 */

const id = IdSchema;
const fullSensorId = FullSensorIdSchema;

/** An item of `search-sensor/` (a plain array): a sensor a machine point may be bound to. */
export const SearchSensorItemSchema = z.object({
  id: fullSensorId,
  name: z.string(),
  group_name: z.string(),
  device: z.object({ id, name: z.string() }),
  /** The tabs of the site's schemas (or of `schema` only) where the sensor is bound already. */
  tabs: z.array(z.object({ id, name: z.string(), machine_name: z.string() })),
  /** Added by Vigil (issue 25 templates): the earlier client ignores it. */
  is_state_sensor: z
    .boolean()
    .describe(
      "Can be a machine's running-state sensor: an ENUM whose state in the device's latest stored tree says " +
        'Running or Stopped (isRunningStateSensor)',
    ),
});
export type SearchSensorItem = z.infer<typeof SearchSensorItemSchema>;

/** `search-sensor/`: at most `results` items (the first in device-name and tree order); bounded query texts. */
export const SEARCH_SENSOR_LIMITS = { results: 200, textLength: 200, deviceListLength: 2000 } as const;

/** `GET search-sensor/?location=&q=&exclude_devices=&exclude_group_name=&schema=` (docs/visual-dashboard.md). */
export const SearchSensorQuerySchema = z.object({
  location: z.coerce.number().int().positive().max(MAX_ID).describe('The site (location) id'),
  q: z
    .string()
    .max(SEARCH_SENSOR_LIMITS.textLength)
    .optional()
    .describe('Part of the name, group name or full id (case-insensitive)'),
  exclude_devices: z
    .string()
    .max(SEARCH_SENSOR_LIMITS.deviceListLength)
    .regex(/^[\d,\s]*$/, 'A comma-separated list of device ids.')
    .optional()
    .describe('Comma-separated device ids whose sensors are left out'),
  exclude_group_name: z
    .string()
    .max(SEARCH_SENSOR_LIMITS.textLength)
    .optional()
    .describe('A group name whose sensors are left out (whole name, case-insensitive, trimmed)'),
  schema: z.coerce
    .number()
    .int()
    .positive()
    .max(MAX_ID)
    .optional()
    .describe("Limit `tabs` to this schema's tabs (default: every schema of the site)"),
});
export type SearchSensorQuery = z.infer<typeof SearchSensorQuerySchema>;
