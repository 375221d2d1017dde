import { drawBeltConveyor } from './belt-conveyor';
import { drawBucketElevator } from './bucket-elevator';
import { drawDragConveyor } from './drag-conveyor';
import { drawFan } from './fan';
import { drawGrainDryer } from './grain-dryer';
import { drawHopperSilo } from './hopper-silo';
import { drawMotorGearbox } from './motor-gearbox';
import type { Palette } from './palette';
import { drawScrewConveyor } from './screw-conveyor';

/** Draws a machine's parts (no <svg> wrapper) in its large-image coordinates. */
export type MachineDrawing = (palette: Palette) => string;

/** Each catalog slug's drawing. Keyed by slug, not id, so a file name and its key read the same. */
export const DRAWINGS: Readonly<Record<string, MachineDrawing>> = {
  'bucket-elevator': drawBucketElevator,
  'belt-conveyor': drawBeltConveyor,
  'screw-conveyor': drawScrewConveyor,
  'drag-conveyor': drawDragConveyor,
  'hopper-silo': drawHopperSilo,
  fan: drawFan,
  'motor-gearbox': drawMotorGearbox,
  'grain-dryer': drawGrainDryer,
};
