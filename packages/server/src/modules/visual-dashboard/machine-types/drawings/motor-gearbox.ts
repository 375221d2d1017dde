import { circle, line, motor, outlined, rect, STROKE } from './kit';
import type { Palette } from './palette';

/**
 * A drive: electric motor (terminal box on top, fins, fan cover on the left) coupled to a gearbox whose output
 * shaft leaves on the right, both on a base plate. 240 × 140.
 */
export function drawMotorGearbox(p: Palette): string {
  const parts: string[] = [];
  parts.push(rect(12, 112, 200, 12, outlined(p, p.part, STROKE.part)));
  parts.push(rect(28, 100, 20, 14, { fill: p.outline }));
  parts.push(rect(80, 100, 20, 14, { fill: p.outline }));
  parts.push(rect(52, 22, 28, 16, outlined(p, p.part, STROKE.part), 2));
  parts.push(motor(p, 8, 36, 102, 68));
  // Shaft and coupling.
  parts.push(line(110, 70, 134, 70, { stroke: p.outline, width: STROKE.outline }));
  parts.push(rect(115, 58, 14, 24, outlined(p, p.part, STROKE.part), 2));
  // Gearbox: split line, input and output bearings, oil sight glass; output shaft.
  parts.push(rect(208, 62, 28, 16, outlined(p, p.part, STROKE.part)));
  parts.push(rect(134, 26, 74, 86, outlined(p, p.body), 6));
  parts.push(line(134, 54, 208, 54, { stroke: p.detail, width: STROKE.detail }));
  parts.push(circle(152, 40, 6, outlined(p, p.part, STROKE.detail)));
  parts.push(circle(196, 70, 10, outlined(p, p.part, STROKE.part)));
  parts.push(circle(168, 98, 6, { fill: p.material, stroke: p.outline, width: STROKE.detail }));
  return parts.join('');
}
