/**
 * The machine types a visual-dashboard diagram is drawn from: the eight machines of a grain elevator or feed mill,
 * with where connection lines attach (anchor points) and where each hazard sensor sits on the drawing (sensor
 * points). The editor places sensor bindings on these points; the live view colours the machine by its state.
 *
 * Coordinates are px of the large image, measured from its top-left corner: the same units as the SVG's viewBox
 * and as the thumbs' `large_width` / `large_height`. Whole pixels, because the earlier client places a point by
 * `x_coord` on the image it shows at `scale`: a client showing the image at another size multiplies by
 * shown width / large_width. Fractions would have said the same thing, but the wire carries the large size
 * next to every point list, and the earlier product's points were pixels.
 *
 * Only the left side is written here. The right side is the left one mirrored (x → width − x) and is computed by
 * `sidePoints`, so the two can never disagree, and a drawing fix moves both. 'Left' is the drawing as drawn:
 * material enters on the left and leaves on the right (an elevator's boot inlet on the left, its head discharge
 * on the right); 'right' is the machine flipped, as the editor's flip button shows it.
 *
 * Ids never change once shipped: a saved machine's sensor bindings and connectors refer to them. They are unique
 * across the whole library, not only per type (sensor points type × 100 + n, anchor points type × 100 + 50 + n),
 * so a stored id names one point even without its type.
 */

export type MachineSide = 'left' | 'right';

export const MACHINE_SIDES: readonly MachineSide[] = ['left', 'right'];

/** What a sensor point measures: lets a later template bind points from a device's sensor names. */
export type SensorKind = 'alignment' | 'speed' | 'temperature' | 'plug' | 'level' | 'vibration' | 'flame';

export interface AnchorPoint {
  id: number;
  x_coord: number;
  y_coord: number;
}

export interface SensorPoint {
  id: number;
  label: string;
  x_coord: number;
  y_coord: number;
}

/** An anchor as the catalog keeps it: its name is for people (docs, contact sheet), not for the wire. */
export interface CatalogAnchorPoint extends AnchorPoint {
  name: string;
}

export interface CatalogSensorPoint extends SensorPoint {
  kind: SensorKind;
}

export interface MachineType {
  id: number;
  name: string;
  /** File-name form of the name: the drawing module and image URLs use it. */
  slug: string;
  /** Size of the large image in px (the SVG's viewBox and width/height). */
  width: number;
  height: number;
  anchorPoints: readonly CatalogAnchorPoint[];
  sensorPoints: readonly CatalogSensorPoint[];
}

function anchor(id: number, name: string, x_coord: number, y_coord: number): CatalogAnchorPoint {
  return { id, name, x_coord, y_coord };
}

function sensor(id: number, label: string, kind: SensorKind, x_coord: number, y_coord: number) {
  return { id, label, kind, x_coord, y_coord } satisfies CatalogSensorPoint;
}

export const MACHINE_TYPES: readonly MachineType[] = [
  {
    id: 1,
    name: 'Bucket Elevator',
    slug: 'bucket-elevator',
    width: 160,
    height: 320,
    anchorPoints: [anchor(151, 'Boot inlet', 14, 224), anchor(152, 'Head discharge', 145, 110)],
    // The ten points a bucket-elevator monitor watches (the WDC4's: both sides of each pulley's belt and each
    // shaft's two bearings, belt speed, the plug switch). Left and right are the drawing's: its two belt legs at
    // the pulleys (alignment) and the two ends of each shaft, either side of its centre (bearings).
    sensorPoints: [
      sensor(101, 'Head Left Alignment', 'alignment', 58, 66),
      sensor(102, 'Head Left Bearing Temperature', 'temperature', 72, 44),
      sensor(103, 'Tail Left Alignment', 'alignment', 58, 258),
      sensor(104, 'Boot Left Bearing Temperature', 'temperature', 72, 280),
      sensor(105, 'Belt Speed', 'speed', 80, 300),
      sensor(106, 'Plug Switch', 'plug', 140, 96),
      sensor(107, 'Head Right Alignment', 'alignment', 102, 66),
      sensor(108, 'Head Right Bearing Temperature', 'temperature', 88, 44),
      sensor(109, 'Tail Right Alignment', 'alignment', 102, 258),
      sensor(110, 'Boot Right Bearing Temperature', 'temperature', 88, 280),
    ],
  },
  {
    id: 2,
    name: 'Belt Conveyor',
    slug: 'belt-conveyor',
    width: 320,
    height: 120,
    anchorPoints: [anchor(251, 'Tail inlet', 50, 4), anchor(252, 'Head discharge', 304, 114)],
    sensorPoints: [
      sensor(201, 'Head Pulley Alignment', 'alignment', 264, 42),
      sensor(202, 'Tail Pulley Alignment', 'alignment', 62, 42),
      sensor(203, 'Belt Speed', 'speed', 29, 69),
      sensor(204, 'Head Bearing Temperature', 'temperature', 280, 58),
      sensor(205, 'Tail Bearing Temperature', 'temperature', 40, 58),
      sensor(206, 'Plug Switch', 'plug', 304, 96),
    ],
  },
  {
    id: 3,
    name: 'Screw Conveyor',
    slug: 'screw-conveyor',
    width: 320,
    height: 112,
    anchorPoints: [anchor(351, 'Inlet', 64, 14), anchor(352, 'Discharge', 244, 106)],
    sensorPoints: [
      sensor(301, 'Shaft Speed', 'speed', 12, 60),
      sensor(302, 'Tail Bearing Temperature', 'temperature', 28, 60),
      sensor(303, 'Head Bearing Temperature', 'temperature', 280, 60),
      sensor(304, 'Plug Switch', 'plug', 244, 92),
    ],
  },
  {
    id: 4,
    name: 'Drag Conveyor',
    slug: 'drag-conveyor',
    width: 320,
    height: 120,
    anchorPoints: [anchor(451, 'Inlet', 85, 8), anchor(452, 'Discharge', 247, 114)],
    sensorPoints: [
      sensor(401, 'Tail Shaft Speed', 'speed', 40, 76),
      sensor(402, 'Tail Bearing Temperature', 'temperature', 40, 62),
      sensor(403, 'Head Bearing Temperature', 'temperature', 254, 62),
      sensor(404, 'Plug Switch', 'plug', 247, 100),
    ],
  },
  {
    id: 5,
    name: 'Hopper / Silo',
    slug: 'hopper-silo',
    width: 160,
    height: 300,
    anchorPoints: [anchor(551, 'Inlet', 80, 2), anchor(552, 'Outlet', 80, 270)],
    sensorPoints: [
      sensor(501, 'High Level', 'level', 24, 72),
      sensor(502, 'Low Level', 'level', 24, 180),
      sensor(503, 'Grain Temperature', 'temperature', 80, 150),
      sensor(504, 'Outlet Plug Switch', 'plug', 80, 258),
    ],
  },
  {
    id: 6,
    name: 'Fan',
    slug: 'fan',
    width: 200,
    height: 200,
    anchorPoints: [anchor(651, 'Inlet', 4, 112), anchor(652, 'Outlet', 196, 47)],
    sensorPoints: [
      sensor(601, 'Fan Bearing Temperature', 'temperature', 92, 112),
      sensor(602, 'Fan Speed', 'speed', 118, 112),
      sensor(603, 'Motor Bearing Temperature', 'temperature', 173, 145),
      sensor(604, 'Vibration', 'vibration', 42, 160),
    ],
  },
  {
    id: 7,
    name: 'Motor / Gearbox',
    slug: 'motor-gearbox',
    width: 240,
    height: 140,
    anchorPoints: [anchor(751, 'Output shaft', 236, 70), anchor(752, 'Terminal box', 66, 24)],
    sensorPoints: [
      sensor(701, 'Motor Bearing Temperature', 'temperature', 104, 70),
      sensor(702, 'Gearbox Bearing Temperature', 'temperature', 196, 70),
      sensor(703, 'Gearbox Oil Temperature', 'temperature', 168, 98),
      sensor(704, 'Output Shaft Speed', 'speed', 226, 70),
    ],
  },
  {
    id: 8,
    name: 'Grain Dryer',
    slug: 'grain-dryer',
    width: 200,
    height: 320,
    anchorPoints: [anchor(851, 'Wet grain inlet', 100, 2), anchor(852, 'Dry grain outlet', 100, 308)],
    sensorPoints: [
      sensor(801, 'Wet Bin High Level', 'level', 150, 46),
      sensor(802, 'Plenum Temperature', 'temperature', 100, 150),
      sensor(803, 'Burner Flame', 'flame', 22, 182),
      sensor(804, 'Exhaust Air Temperature', 'temperature', 156, 110),
      sensor(805, 'Discharge Grain Temperature', 'temperature', 100, 292),
    ],
  },
];

/** The type with this id, or undefined: a stored machine may name a type a later release removed. */
export function findMachineType(typeId: number): MachineType | undefined {
  return MACHINE_TYPES.find((type) => type.id === typeId);
}

/** A point as seen on the given side: unchanged on the left, x mirrored across the drawing on the right. */
export function mirrorPoint<T extends { x_coord: number }>(
  type: MachineType,
  point: T,
  side: MachineSide,
): T {
  return side === 'left' ? point : { ...point, x_coord: type.width - point.x_coord };
}

/** The wire form of a type's anchor points on one side: `{id, x_coord, y_coord}` only. */
export function anchorPointsFor(type: MachineType, side: MachineSide): AnchorPoint[] {
  return type.anchorPoints.map((point) => {
    const { id, x_coord, y_coord } = mirrorPoint(type, point, side);
    return { id, x_coord, y_coord };
  });
}

/** The wire form of a type's sensor points on one side: `{id, label, x_coord, y_coord}` only. */
export function sensorPointsFor(type: MachineType, side: MachineSide): SensorPoint[] {
  return type.sensorPoints.map((point) => {
    const { id, label, x_coord, y_coord } = mirrorPoint(type, point, side);
    return { id, label, x_coord, y_coord };
  });
}
