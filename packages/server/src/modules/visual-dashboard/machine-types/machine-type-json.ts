import type { MachineTypeJson, MachineTypeThumbs } from '@vigil/contracts';
import {
  anchorPointsFor,
  MACHINE_SIDES,
  type MachineSide,
  type MachineType,
  sensorPointsFor,
} from './machine-type-catalog';
import { type ImageSize, imageDimensions, type MachineState } from './machine-type-images';

/**
 * The wire shape of a machine type (wire-formats 'Visual dashboard (v2)', `type-of-machine/`), as the earlier
 * browser client reads it: `MachineTypeSchema` of `@vigil/contracts` is the one definition; this builds it.
 *
 * The wire names four image sets per side: plain, `ok_`, `warning_` and `alarm_`. Vigil draws four states, and
 * plain is **stopped** (grey): the spec shows a machine gray when it is stopped, and a machine with no live data
 * (no-info) has nothing to say either, so the neutral picture is the grey one. `left_side_img` and
 * `right_side_img` are the plain (stopped) large images: what the editor's palette and a new machine show
 * before any sensor is bound.
 *
 * `anchor_points` is one list on the wire, not one per side: it holds the left side's points, as drawn; a client
 * showing the machine flipped mirrors them (x → large_width − x), as `anchorPointsFor(type, 'right')` does here.
 */
export type ThumbPrefix = '' | 'ok_' | 'warning_' | 'alarm_';

/** Which drawn state each wire prefix shows. */
export const STATE_OF_PREFIX: Readonly<Record<ThumbPrefix, MachineState>> = {
  '': 'stopped',
  ok_: 'running',
  warning_: 'warning',
  alarm_: 'alarm',
};

const PREFIXES = Object.keys(STATE_OF_PREFIX) as ThumbPrefix[];

/** Where one image is served; the routes of the visual-dashboard domain decide the paths. */
export type MachineTypeImageUrl = (
  typeId: number,
  state: MachineState,
  side: MachineSide,
  size: ImageSize,
) => string;

export type { MachineTypeJson, MachineTypeThumbs };

export type ThumbsKey = `${ThumbPrefix}${MachineSide}_side_img_thumbs` & keyof MachineTypeJson;

/** Every thumbs key of the wire, in the order they are written: plain, ok_, warning_, alarm_; left before right. */
export const THUMBS_KEYS: readonly ThumbsKey[] = PREFIXES.flatMap((prefix) =>
  MACHINE_SIDES.map((side): ThumbsKey => `${prefix}${side}_side_img_thumbs`),
);

function thumbs(
  type: MachineType,
  state: MachineState,
  side: MachineSide,
  url: MachineTypeImageUrl,
): MachineTypeThumbs {
  const { width, height } = imageDimensions(type, 'large');
  return {
    large: url(type.id, state, side, 'large'),
    small: url(type.id, state, side, 'small'),
    large_height: height,
    large_width: width,
  };
}

/** One type as `type-of-machine/` answers it. */
export function machineTypeJson(type: MachineType, url: MachineTypeImageUrl): MachineTypeJson {
  const sets = Object.fromEntries(
    PREFIXES.flatMap((prefix) =>
      MACHINE_SIDES.map((side) => [
        `${prefix}${side}_side_img_thumbs`,
        thumbs(type, STATE_OF_PREFIX[prefix], side, url),
      ]),
    ),
  ) as Record<ThumbsKey, MachineTypeThumbs>;
  return {
    id: type.id,
    name: type.name,
    left_side_img: url(type.id, STATE_OF_PREFIX[''], 'left', 'large'),
    right_side_img: url(type.id, STATE_OF_PREFIX[''], 'right', 'large'),
    anchor_points: anchorPointsFor(type, 'left'),
    sensor_points_left: sensorPointsFor(type, 'left'),
    sensor_points_right: sensorPointsFor(type, 'right'),
    ...sets,
  };
}
