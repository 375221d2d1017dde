import type {
  MachinePicture,
  MachineTypeJson,
  MachineTypeSensorPoint,
  MachineTypeThumbs,
} from '@vigil/contracts';

/**
 * Where things sit on a tab's canvas (docs/visual-dashboard.md 'Machine types' and 'Diagram geometry'), shared by
 * the live view and the editor. A machine's `x_coord`/`y_coord` is its picture's top-left corner in canvas px; it
 * is drawn at the machine type's large size times `scale`; a flipped machine shows the right side, whose points
 * are the left ones mirrored (x → large_width − x). The server gives both sides' sensor points and the left
 * side's anchor points.
 */

export type Point = { x: number; y: number };

export type PlacedMachine = {
  x_coord: number;
  y_coord: number;
  scale: number;
  flip: boolean;
};

/** The machine's picture size on the canvas. */
export function machineSize(type: MachineTypeJson, scale: number): { width: number; height: number } {
  const thumbs = type.left_side_img_thumbs;
  return { width: thumbs.large_width * scale, height: thumbs.large_height * scale };
}

/** The large picture URL of a state seen from the machine's side. */
export function machinePictureUrl(type: MachineTypeJson, picture: MachinePicture, flip: boolean): string {
  return thumbsOf(type, picture, flip).large;
}

export function thumbsOf(type: MachineTypeJson, picture: MachinePicture, flip: boolean): MachineTypeThumbs {
  const side = flip ? 'right' : 'left';
  switch (picture) {
    case 'alarm':
      return type[`alarm_${side}_side_img_thumbs`];
    case 'warning':
      return type[`warning_${side}_side_img_thumbs`];
    case 'running':
      return type[`ok_${side}_side_img_thumbs`];
    case 'stopped':
      return type[`${side}_side_img_thumbs`];
  }
}

/** An anchor point's place on the canvas, or null when the type has no such anchor. */
export function anchorPosition(
  machine: PlacedMachine,
  type: MachineTypeJson,
  anchorId: number,
): Point | null {
  const anchor = type.anchor_points.find((point) => point.id === anchorId);
  if (anchor === undefined) {
    return null;
  }
  const x = machine.flip ? type.left_side_img_thumbs.large_width - anchor.x_coord : anchor.x_coord;
  return { x: machine.x_coord + x * machine.scale, y: machine.y_coord + anchor.y_coord * machine.scale };
}

/** The sensor points of the side the machine shows, in px of its large picture (unscaled). */
export function sensorPointsOf(type: MachineTypeJson, flip: boolean): MachineTypeSensorPoint[] {
  return flip ? type.sensor_points_right : type.sensor_points_left;
}

/** An anchor's offset inside the machine's picture as drawn (scaled, flipped), for ports on a node. */
export function anchorOffset(
  type: MachineTypeJson,
  flip: boolean,
  scale: number,
  anchorId: number,
): Point | null {
  return anchorPosition({ x_coord: 0, y_coord: 0, flip, scale }, type, anchorId);
}

/** An SVG polyline `points` attribute. */
export function polylinePoints(points: readonly Point[]): string {
  return points.map((point) => `${round(point.x)},${round(point.y)}`).join(' ');
}

const round = (value: number) => Math.round(value * 10) / 10;

/**
 * The live view's scaling (M section 2 'Schema details': scaled by zoom/100 and offset by offset_x, offset_y):
 * the CSS transform of the canvas and the size of the box that holds it.
 */
export function viewTransform(tab: {
  width: number;
  height: number;
  zoom: number;
  offset_x: number;
  offset_y: number;
}): { transform: string; width: number; height: number } {
  const factor = tab.zoom / 100;
  return {
    transform: `translate(${tab.offset_x}px, ${tab.offset_y}px) scale(${factor})`,
    width: Math.max(0, tab.width * factor + tab.offset_x),
    height: Math.max(0, tab.height * factor + tab.offset_y),
  };
}
