import { bearing, line, motor, outlined, rect, STROKE, sprocket } from './kit';
import type { Palette } from './palette';

/**
 * A drag (en-masse) conveyor, 320 × 120: the closed casing with a sprocket at each end, the chain and its paddles
 * dragging material along the casing floor, the inlet on top at the tail, the discharge under the head and the
 * drive at the head end.
 */
export function drawDragConveyor(p: Palette): string {
  const parts: string[] = [];
  parts.push(rect(70, 10, 30, 26, outlined(p, p.body)));
  parts.push(line(64, 10, 106, 10, { stroke: p.outline, width: STROKE.outline }));
  parts.push(rect(232, 86, 30, 26, outlined(p, p.body)));
  parts.push(line(226, 112, 268, 112, { stroke: p.outline, width: STROKE.outline }));
  parts.push(rect(14, 34, 266, 56, outlined(p, p.body), 14));
  parts.push(rect(20, 70, 254, 16, { fill: p.material }));
  // Chain: top (return) run and bottom (carrying) run, with paddles.
  parts.push(line(40, 44, 254, 44, { stroke: p.detail, width: STROKE.part }));
  parts.push(line(40, 80, 254, 80, { stroke: p.detail, width: STROKE.part }));
  for (let x = 70; x <= 230; x += 20) {
    parts.push(rect(x - 2, 44, 4, 10, { fill: p.detail }));
    parts.push(rect(x - 2, 68, 4, 12, { fill: p.detail }));
  }
  parts.push(rect(14, 34, 266, 56, { stroke: p.outline, width: STROKE.outline }, 14));
  parts.push(sprocket(p, 40, 62, 18));
  parts.push(sprocket(p, 254, 62, 18));
  parts.push(bearing(p, 40, 62, 12));
  parts.push(bearing(p, 254, 62, 12));
  parts.push(motor(p, 286, 46, 32, 32));
  return parts.join('');
}
