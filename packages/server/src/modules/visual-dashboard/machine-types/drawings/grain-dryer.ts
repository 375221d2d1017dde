import { circle, impeller, line, motor, outlined, path, polygon, rect, STROKE } from './kit';
import type { Palette } from './palette';

/**
 * A tower (column) grain dryer, 200 × 320: the wet holding bin under the roof with the inlet on top, two
 * perforated grain columns either side of the hot-air plenum, the burner and its fan on the left, the discharge
 * hopper with the metering outlet at the bottom, the legs.
 */
export function drawGrainDryer(p: Palette): string {
  const parts: string[] = [];
  parts.push(line(46, 246, 46, 314, { stroke: p.outline, width: STROKE.outline }));
  parts.push(line(154, 246, 154, 314, { stroke: p.outline, width: STROKE.outline }));
  parts.push(rect(92, 0, 16, 20, outlined(p, p.body, STROKE.part)));
  parts.push(
    polygon(
      [
        [34, 36],
        [100, 12],
        [166, 36],
      ],
      outlined(p, p.part),
    ),
  );
  parts.push(rect(40, 36, 120, 34, outlined(p, p.body)));
  // High-level probe through the wet bin's wall.
  parts.push(rect(142, 43, 18, 6, outlined(p, p.part, STROKE.detail)));
  // Grain columns with their perforations, and the plenum between them.
  parts.push(rect(40, 70, 44, 176, outlined(p, p.material)));
  parts.push(rect(116, 70, 44, 176, outlined(p, p.material)));
  parts.push(rect(84, 70, 32, 176, outlined(p, p.part)));
  for (let y = 82; y <= 236; y += 14) {
    for (const x of [50, 62, 74, 126, 138, 150]) {
      parts.push(circle(x, y, 2, { fill: p.detail }));
    }
  }
  // Burner housing: fan and flame.
  parts.push(rect(4, 130, 36, 70, outlined(p, p.body)));
  parts.push(impeller(p, 22, 152, 12));
  parts.push(
    path(
      'M22 194c-8 0-10-7-6-12c1 4 3 4 3 4c0-6 3-10 7-12c-1 5 5 7 4 13c-1 4-4 7-8 7z',
      outlined(p, p.accentLight, STROKE.detail),
    ),
  );
  parts.push(motor(p, 8, 112, 28, 18));
  // Discharge hopper and metering outlet.
  parts.push(
    polygon(
      [
        [40, 246],
        [160, 246],
        [110, 284],
        [90, 284],
      ],
      outlined(p, p.body),
    ),
  );
  parts.push(rect(90, 284, 20, 22, outlined(p, p.part, STROKE.part)));
  return parts.join('');
}
