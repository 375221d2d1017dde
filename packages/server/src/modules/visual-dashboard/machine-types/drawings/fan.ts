import { impeller, line, motor, num, outlined, path, rect, STROKE } from './kit';
import type { Palette } from './palette';

const CX = 92;
const CY = 112;

/** The scroll: a spiral widening from r 50 at the top (the cut-off) round to r 80, where the outlet duct leaves. */
function scrollPath(): string {
  const points: string[] = [];
  const steps = 48;
  for (let i = 0; i <= steps; i++) {
    const turn = i / steps;
    const angle = turn * 2 * Math.PI;
    const r = 50 + 30 * turn;
    points.push(`${num(CX + r * Math.sin(angle))} ${num(CY - r * Math.cos(angle))}`);
  }
  return `M${points.join('L')}`;
}

/**
 * A centrifugal fan, 200 × 200, as aspiration systems use: the spiral scroll round the impeller, the inlet box on
 * the left, the outlet duct leaving the scroll to the right, the pedestal and the motor on the base.
 */
export function drawFan(p: Palette): string {
  const parts: string[] = [];
  parts.push(rect(24, 182, 172, 12, outlined(p, p.part, STROKE.part)));
  parts.push(rect(68, 164, 48, 20, outlined(p, p.part, STROKE.part)));
  // Outlet duct, then the scroll closed along the duct's floor.
  parts.push(rect(92, 32, 102, 30, outlined(p, p.body)));
  parts.push(path(`${scrollPath()}L${CX} ${CY - 50}z`, outlined(p, p.body)));
  parts.push(line(190, 26, 190, 68, { stroke: p.outline, width: STROKE.outline }));
  // Inlet box.
  parts.push(rect(2, 96, 22, 32, outlined(p, p.body)));
  parts.push(impeller(p, CX, CY, 34));
  parts.push(motor(p, 150, 130, 44, 32));
  return parts.join('');
}
