/** The angle (degrees, -180..180, 0 = the handle straight above) of a pointer around a centre. */
export function rotationAngle(center: { x: number; y: number }, pointer: { x: number; y: number }): number {
  const degrees = (Math.atan2(pointer.y - center.y, pointer.x - center.x) * 180) / Math.PI + 90;
  const normal = ((((degrees + 180) % 360) + 360) % 360) - 180;
  return Math.round(normal);
}
