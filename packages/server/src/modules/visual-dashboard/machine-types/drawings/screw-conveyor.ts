import { bearing, circle, line, motor, outlined, rect, STROKE } from './kit';
import type { Palette } from './palette';

/**
 * A screw (auger) conveyor, 320 × 112: the trough with the screw's flights along its shaft, the inlet on top at
 * the tail end, the discharge under the head end, the tail bearing with the speed target on the shaft end, the
 * head bearing and the drive.
 */
export function drawScrewConveyor(p: Palette): string {
  const parts: string[] = [];
  // Inlet and discharge necks with their flanges.
  parts.push(rect(48, 16, 32, 26, outlined(p, p.body)));
  parts.push(line(42, 16, 86, 16, { stroke: p.outline, width: STROKE.outline }));
  parts.push(rect(228, 78, 32, 26, outlined(p, p.body)));
  parts.push(line(222, 104, 266, 104, { stroke: p.outline, width: STROKE.outline }));
  // Trough, the material in its bottom, the shaft and the flights.
  parts.push(rect(36, 40, 236, 40, outlined(p, p.body)));
  parts.push(rect(38, 64, 232, 14, { fill: p.material }));
  parts.push(line(8, 60, 288, 60, { stroke: p.outline, width: STROKE.part }));
  for (let x = 44; x <= 256; x += 14) {
    parts.push(line(x, 43, x + 10, 77, { stroke: p.detail, width: STROKE.part }));
  }
  parts.push(rect(36, 40, 236, 40, { stroke: p.outline, width: STROKE.outline }));
  // Tail: speed target on the shaft end and the bearing; head: bearing and drive.
  parts.push(circle(12, 60, 6, outlined(p, p.part, STROKE.detail)));
  parts.push(bearing(p, 28, 60, 16));
  parts.push(bearing(p, 280, 60, 16));
  parts.push(motor(p, 290, 44, 28, 32));
  return parts.join('');
}
