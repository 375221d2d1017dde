import { VISUAL_LIMITS } from '@vigil/contracts';
import type { Point } from '../diagram/geometry';

/**
 * A connector's bends (M section 3 'Connector': `additional_points`), edited in the editor: a double-click on the
 * line adds one there, a bend is dragged, a double-click on a bend removes it. The line runs start anchor → bends
 * in order → end anchor, in canvas px, as the live view draws it. At most `VISUAL_LIMITS.pointsPerConnector` (the
 * save's contract, which the server enforces) a connector.
 */
export const BENDS_PER_CONNECTOR = VISUAL_LIMITS.pointsPerConnector;

/** The distance from `point` to the segment `a`–`b`. */
export function distanceToSegment(point: Point, a: Point, b: Point): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const lengthSquared = dx * dx + dy * dy;
  const t =
    lengthSquared === 0
      ? 0
      : Math.min(1, Math.max(0, ((point.x - a.x) * dx + (point.y - a.y) * dy) / lengthSquared));
  return Math.hypot(point.x - (a.x + t * dx), point.y - (a.y + t * dy));
}

/** Where a bend at `at` goes in `bends`: in the segment of the line nearest to it (the first of equals). */
export function bendInsertIndex(start: Point, bends: readonly Point[], end: Point, at: Point): number {
  const line = [start, ...bends, end];
  let best = 0;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (let segment = 0; segment < line.length - 1; segment += 1) {
    const distance = distanceToSegment(at, line[segment] as Point, line[segment + 1] as Point);
    if (distance < bestDistance) {
      best = segment;
      bestDistance = distance;
    }
  }
  return best;
}

/** The bends with one more at `at`, in the segment it was added on; null when the connector has its limit. */
export function addBend(start: Point, bends: readonly Point[], end: Point, at: Point): Point[] | null {
  if (bends.length >= BENDS_PER_CONNECTOR) {
    return null;
  }
  const index = bendInsertIndex(start, bends, end, at);
  return [...bends.slice(0, index), roundPoint(at), ...bends.slice(index)];
}

/** The bends with the one at `index` moved to `to`. */
export function moveBend(bends: readonly Point[], index: number, to: Point): Point[] {
  return bends.map((bend, at) => (at === index ? roundPoint(to) : bend));
}

/** The bends without the one at `index`. */
export function removeBend(bends: readonly Point[], index: number): Point[] {
  return bends.filter((_, at) => at !== index);
}

/** Whole px: a bend is placed by hand, and the payload stays short. */
function roundPoint(point: Point): Point {
  return { x: Math.round(point.x), y: Math.round(point.y) };
}
