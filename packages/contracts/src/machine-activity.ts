import { z } from 'zod';
import { IdSchema } from './common';
import { type Graph, GraphSchema } from './graphs';

/**
 * What happened on a machine of the visual dashboard (monitoring spec section 2 'Machine details', section 7
 * 'Visual dashboard (api/v2)'; wire-formats 'Visual dashboard (v2)' and the earlier client's section;
 * docs/visual-dashboard.md 'Machine activity'): its notifications (Active Alarms), its maintenance, the last
 * alarm of each bound sensor, and its 24-hour graphs.
 */

const id = IdSchema;

/**
 * An item of `machines/{id}/notifications/`, `machines/{id}/maintenance/` and `schemas/{id}/notifications/`
 * (plain arrays, newest first; `event_type` is the display text, `date_created` unix seconds).
 */
export const MachineEventSchema = z.object({
  id,
  content: z.string(),
  date_created: z.number().int(),
  device_id: id,
  device_name: z.string(),
  event_type: z.string(),
  full_sensor_id: z.string(),
  sensor_id: z.string(),
  sensor_name: z.string(),
  value: z.string().nullable(),
});
export type MachineEvent = z.infer<typeof MachineEventSchema>;
export const MachineEventListSchema = z.array(MachineEventSchema);

/** How many items a machine's or schema's list answers at most (the newest). */
export const MACHINE_EVENT_LIMIT = 100;

/** `machines/{id}/last-time-in-alarm/`: full sensor id → the newest alarm event of it. */
export const LastTimeInAlarmSchema = z.record(
  z.string(),
  z.object({ event_type: z.string(), date_created: z.number().int() }),
);
export type LastTimeInAlarm = z.infer<typeof LastTimeInAlarmSchema>;

/**
 * An item of `graphs/machine/{id}/` (a plain array, the 'series list' of wire-formats): one graph per sensor group
 * of the machine's bound sensors over the last 24 hours, keyed by the group's dotted path as on
 * `graphs/device/{id}/`, holding only the bound sensors' series, in the M section 9 group order.
 */
export type MachineGraph = Graph & { key: string; device: number; device_name: string };
export const MachineGraphSchema = GraphSchema.extend({
  key: z.string().describe("The sensor group's dotted path, as a key of graphs/device/{id}/"),
  device: id,
  device_name: z.string(),
});
export const MachineGraphListSchema = z.array(MachineGraphSchema);
