import { z } from 'zod';
import { IdSchema } from './common';

/**
 * The machine-type library's wire shape (wire-formats 'Visual dashboard (v2)', `type-of-machine/`;
 * docs/visual-dashboard.md 'Machine types'): pictures per state and side, anchor and sensor points.
 */

const id = IdSchema;

/** An anchor point of a machine type: where a connector attaches, in px of the large image. */
export const MachineTypeAnchorPointSchema = z.object({
  id,
  x_coord: z.number().int().describe("px from the large image's left edge"),
  y_coord: z.number().int().describe("px from the large image's top edge"),
});

/** A sensor point of a machine type: where a bound sensor sits on the drawing, in px of the large image. */
export const MachineTypeSensorPointSchema = MachineTypeAnchorPointSchema.extend({ label: z.string() });

/** One picture set of a machine type: a state seen from a side, at both sizes. */
export const MachineTypeThumbsSchema = z.object({
  large: z.string().describe('URL of the SVG at the catalog size'),
  small: z.string().describe('URL of the same SVG sized 64 px on its longer side'),
  large_height: z.number().int(),
  large_width: z.number().int(),
});

const thumbs = MachineTypeThumbsSchema;

/**
 * An item of `type-of-machine/` (a plain array, in id order; wire-formats 'Visual dashboard (v2)';
 * docs/visual-dashboard.md 'Machine types'). The plain picture set is the **stopped** state, `ok_` running,
 * `warning_` and `alarm_` their states; `anchor_points` are the left side's (a flipped machine mirrors them:
 * x → large_width − x).
 */
export const MachineTypeSchema = z.object({
  id,
  name: z.string(),
  left_side_img: z.string().describe('URL of the stopped picture, left side, large'),
  right_side_img: z.string().describe('URL of the stopped picture, right side, large'),
  anchor_points: z.array(MachineTypeAnchorPointSchema),
  sensor_points_left: z.array(MachineTypeSensorPointSchema),
  sensor_points_right: z.array(MachineTypeSensorPointSchema),
  left_side_img_thumbs: thumbs,
  right_side_img_thumbs: thumbs,
  ok_left_side_img_thumbs: thumbs,
  ok_right_side_img_thumbs: thumbs,
  warning_left_side_img_thumbs: thumbs,
  warning_right_side_img_thumbs: thumbs,
  alarm_left_side_img_thumbs: thumbs,
  alarm_right_side_img_thumbs: thumbs,
});
export type MachineTypeJson = z.infer<typeof MachineTypeSchema>;
export type MachineTypeThumbs = z.infer<typeof MachineTypeThumbsSchema>;
export type MachineTypeAnchorPoint = z.infer<typeof MachineTypeAnchorPointSchema>;
export type MachineTypeSensorPoint = z.infer<typeof MachineTypeSensorPointSchema>;

/** `GET type-of-machine/`: every machine type, a plain array. */
export const MachineTypeListSchema = z.array(MachineTypeSchema);
