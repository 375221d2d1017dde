import { line, outlined, polygon, rect, STROKE } from './kit';
import type { Palette } from './palette';

/**
 * A hopper-bottomed silo, 160 × 300: conical roof with the inlet at its peak, the bin wall half full of grain,
 * the temperature cable hanging from the roof, the hopper cone and outlet, the legs. A silo has no motor, so the
 * state colour is the band under the eave.
 */
export function drawHopperSilo(p: Palette): string {
  const parts: string[] = [];
  // Legs and bracing behind the bin.
  parts.push(line(22, 196, 22, 292, { stroke: p.outline, width: STROKE.outline }));
  parts.push(line(138, 196, 138, 292, { stroke: p.outline, width: STROKE.outline }));
  parts.push(line(22, 236, 138, 284, { stroke: p.detail, width: STROKE.detail }));
  parts.push(line(138, 236, 22, 284, { stroke: p.detail, width: STROKE.detail }));
  parts.push(rect(14, 290, 16, 6, { fill: p.outline }));
  parts.push(rect(130, 290, 16, 6, { fill: p.outline }));
  // Bin and cone, the grain in them, then their outlines.
  parts.push(rect(16, 52, 128, 144, { fill: p.body }));
  parts.push(
    polygon(
      [
        [16, 196],
        [144, 196],
        [90, 246],
        [70, 246],
      ],
      { fill: p.body },
    ),
  );
  parts.push(
    polygon(
      [
        [18, 118],
        [80, 100],
        [142, 118],
        [142, 196],
        [90, 244],
        [70, 244],
        [18, 196],
      ],
      { fill: p.material },
    ),
  );
  parts.push(rect(16, 52, 128, 144, { stroke: p.outline, width: STROKE.outline }));
  parts.push(
    polygon(
      [
        [16, 196],
        [144, 196],
        [90, 246],
        [70, 246],
      ],
      { stroke: p.outline, width: STROKE.outline },
    ),
  );
  // Level probes through the wall at the high and low marks.
  parts.push(rect(16, 69, 16, 6, outlined(p, p.part, STROKE.detail)));
  parts.push(rect(16, 177, 16, 6, outlined(p, p.part, STROKE.detail)));
  // Temperature cable with its sensing points.
  parts.push(line(80, 22, 80, 186, { stroke: p.detail, width: STROKE.detail, dash: '6 6' }));
  // Status band, roof, inlet and outlet necks.
  parts.push(rect(16, 52, 128, 10, outlined(p, p.accent, STROKE.part)));
  parts.push(
    polygon(
      [
        [10, 54],
        [80, 14],
        [150, 54],
      ],
      outlined(p, p.part),
    ),
  );
  parts.push(rect(72, 2, 16, 16, outlined(p, p.body, STROKE.part)));
  parts.push(rect(70, 246, 20, 22, outlined(p, p.part, STROKE.part)));
  return parts.join('');
}
