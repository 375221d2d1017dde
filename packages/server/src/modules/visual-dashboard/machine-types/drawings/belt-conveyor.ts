import { bearing, circle, line, motor, outlined, path, polygon, pulley, rect, STROKE } from './kit';
import type { Palette } from './palette';

/**
 * A belt conveyor, 320 × 120: tail pulley on the left under the inlet hopper, head pulley on the right inside the
 * discharge hood, carrying idlers under the loaded top belt, return idlers under the bottom one, the drive motor
 * below the head.
 */
export function drawBeltConveyor(p: Palette): string {
  const parts: string[] = [];
  // Discharge hood round the head pulley, open at the bottom.
  parts.push(
    polygon(
      [
        [256, 26],
        [300, 26],
        [316, 48],
        [316, 112],
        [292, 112],
        [292, 86],
        [256, 86],
      ],
      outlined(p, p.body),
    ),
  );
  // Legs.
  for (const x of [80, 170]) {
    parts.push(rect(x - 4, 74, 8, 40, outlined(p, p.part, STROKE.detail)));
  }
  parts.push(line(60, 114, 190, 114, { stroke: p.outline, width: STROKE.part }));
  // Load on the top belt, then the belt loop round both pulleys.
  parts.push(
    polygon(
      [
        [66, 42],
        [84, 30],
        [248, 30],
        [262, 42],
      ],
      { fill: p.material, stroke: p.detail, width: STROKE.detail },
    ),
  );
  parts.push(
    path('M40 42H280A16 16 0 0 1 280 74H40A16 16 0 0 1 40 42z', { stroke: p.outline, width: STROKE.part }),
  );
  for (const x of [84, 124, 164, 204, 244]) {
    parts.push(circle(x, 49, 5, outlined(p, p.part, STROKE.detail)));
  }
  for (const x of [120, 210]) {
    parts.push(circle(x, 81, 5, outlined(p, p.part, STROKE.detail)));
  }
  parts.push(pulley(p, 40, 58, 16));
  parts.push(pulley(p, 280, 58, 16));
  parts.push(bearing(p, 40, 58, 10));
  parts.push(bearing(p, 280, 58, 10));
  // Inlet hopper over the tail.
  parts.push(
    polygon(
      [
        [22, 4],
        [78, 4],
        [62, 32],
        [38, 32],
      ],
      outlined(p, p.body),
    ),
  );
  // Drive under the head, belted to the head shaft.
  parts.push(line(244, 98, 280, 58, { stroke: p.outline, width: STROKE.part }));
  parts.push(motor(p, 214, 88, 40, 22));
  return parts.join('');
}
