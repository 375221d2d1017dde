import { bearing, line, motor, outlined, path, polygon, pulley, rect, STROKE } from './kit';
import type { Palette } from './palette';

/**
 * A bucket elevator, 160 × 320: the head with its pulley and drive at the top, the two legs (buckets going up on
 * the left, coming down empty on the right), the boot with its pulley at the bottom. Material enters the boot
 * from the left through the inlet chute and leaves the head on the right through the discharge spout.
 */
export function drawBucketElevator(p: Palette): string {
  const parts: string[] = [];
  // Inlet chute into the boot and discharge spout from the head, behind the casing.
  parts.push(
    polygon(
      [
        [4, 222],
        [28, 222],
        [44, 258],
        [44, 292],
        [4, 244],
      ],
      outlined(p, p.body),
    ),
  );
  parts.push(
    polygon(
      [
        [112, 48],
        [154, 88],
        [154, 110],
        [134, 110],
        [112, 84],
      ],
      outlined(p, p.body),
    ),
  );
  // The legs, between the head and the boot.
  parts.push(rect(46, 76, 24, 180, outlined(p, p.body)));
  parts.push(rect(90, 76, 24, 180, outlined(p, p.body)));
  // The belt and its buckets: full ones going up the left leg, empty ones coming down the right one.
  parts.push(line(58, 70, 58, 262, { stroke: p.detail, width: STROKE.detail }));
  parts.push(line(102, 70, 102, 262, { stroke: p.detail, width: STROKE.detail }));
  for (let y = 96; y <= 240; y += 24) {
    parts.push(
      polygon(
        [
          [58, y - 10],
          [47, y - 10],
          [50, y],
          [58, y],
        ],
        { fill: p.material, stroke: p.detail, width: STROKE.detail },
      ),
    );
    parts.push(
      polygon(
        [
          [102, y - 12],
          [113, y - 12],
          [110, y - 2],
          [102, y - 2],
        ],
        { fill: p.part, stroke: p.detail, width: STROKE.detail },
      ),
    );
  }
  // Head hood and boot, then the pulleys on top of them.
  parts.push(path('M36 78V44a44 44 0 0 1 88 0v34z', outlined(p, p.body)));
  parts.push(rect(36, 252, 88, 56, outlined(p, p.body), 6));
  parts.push(pulley(p, 80, 44, 22));
  parts.push(pulley(p, 80, 280, 22));
  parts.push(bearing(p, 80, 44, 12));
  parts.push(bearing(p, 80, 280, 12));
  // The head drive, on the side away from the spout.
  parts.push(line(30, 44, 44, 44, { stroke: p.outline, width: STROKE.part }));
  parts.push(motor(p, 4, 32, 28, 24));
  // Feet.
  parts.push(rect(40, 308, 80, 8, { fill: p.outline }));
  return parts.join('');
}
