import type { Palette } from './palette';

/**
 * The few SVG primitives and machine parts every drawing is built from. Drawings call these instead of writing
 * markup, so stroke widths are the same across types (a conveyor next to an elevator on a diagram must not look
 * drawn with another pen), numbers are printed the same way (the output is deterministic: same input, same
 * string), and attribute values are escaped in one place.
 */

/** Stroke widths in px of the large image. At 64 px a 320 px drawing is shrunk five times: 4 px still shows. */
export const STROKE = { outline: 4, part: 3, detail: 2 } as const;

export interface Style {
  fill?: string;
  stroke?: string;
  width?: number;
  dash?: string;
  opacity?: number;
}

/** A number as SVG text: at most two decimals, no trailing zeros, never '-0'. */
export function num(value: number): string {
  const rounded = Math.round(value * 100) / 100;
  return Object.is(rounded, -0) ? '0' : String(rounded);
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** One empty element; attributes in the order given, undefined ones left out. */
export function element(tag: string, attributes: Record<string, string | number | undefined>): string {
  const parts = Object.entries(attributes)
    .filter((entry): entry is [string, string | number] => entry[1] !== undefined)
    .map(([name, value]) => ` ${name}="${escapeAttribute(typeof value === 'number' ? num(value) : value)}"`);
  return `<${tag}${parts.join('')}/>`;
}

function styleAttributes(style: Style): Record<string, string | number | undefined> {
  return {
    fill: style.fill ?? 'none',
    stroke: style.stroke,
    'stroke-width': style.stroke === undefined ? undefined : (style.width ?? STROKE.outline),
    'stroke-dasharray': style.dash,
    opacity: style.opacity,
  };
}

export function rect(x: number, y: number, w: number, h: number, style: Style, radius = 0): string {
  return element('rect', { x, y, width: w, height: h, rx: radius || undefined, ...styleAttributes(style) });
}

export function circle(cx: number, cy: number, r: number, style: Style): string {
  return element('circle', { cx, cy, r, ...styleAttributes(style) });
}

export function line(x1: number, y1: number, x2: number, y2: number, style: Style): string {
  return element('line', { x1, y1, x2, y2, ...styleAttributes(style) });
}

/** A closed shape through the points. */
export function polygon(points: readonly (readonly [number, number])[], style: Style): string {
  return element('polygon', {
    points: points.map(([x, y]) => `${num(x)},${num(y)}`).join(' '),
    ...styleAttributes(style),
  });
}

export function path(d: string, style: Style): string {
  return element('path', { d, ...styleAttributes(style) });
}

/** An outlined body part: the palette's outline around the given fill. */
export function outlined(p: Palette, fill: string, width: number = STROKE.outline): Style {
  return { fill, stroke: p.outline, width };
}

/** A pulley or sprocket seen from the side: rim, hub and two spokes. */
export function pulley(p: Palette, cx: number, cy: number, r: number): string {
  return [
    circle(cx, cy, r, outlined(p, p.part, STROKE.part)),
    line(cx - r * 0.7, cy, cx + r * 0.7, cy, { stroke: p.detail, width: STROKE.detail }),
    line(cx, cy - r * 0.7, cx, cy + r * 0.7, { stroke: p.detail, width: STROKE.detail }),
    circle(cx, cy, Math.max(3, r * 0.22), { fill: p.outline }),
  ].join('');
}

/**
 * An electric drive motor seen from the side, in the state colour: the one part that says at a glance whether the
 * machine runs (green), stands (grey) or is in trouble (orange, red). Cooling fins run along it.
 */
export function motor(p: Palette, x: number, y: number, w: number, h: number): string {
  const fins: string[] = [];
  for (let i = 1; i < 4; i++) {
    const fy = y + (h * i) / 4;
    fins.push(line(x + w * 0.18, fy, x + w - 4, fy, { stroke: p.body, width: STROKE.detail }));
  }
  return [
    rect(x, y, w, h, outlined(p, p.accent, STROKE.part), 4),
    rect(x, y + h * 0.15, w * 0.14, h * 0.7, { fill: p.outline }),
    ...fins,
  ].join('');
}

/** A bearing block: a small square housing with its shaft. */
export function bearing(p: Palette, cx: number, cy: number, size = 14): string {
  return [
    rect(cx - size / 2, cy - size / 2, size, size, outlined(p, p.part, STROKE.part), 2),
    circle(cx, cy, 2.5, { fill: p.outline }),
  ].join('');
}

/** A sprocket: a pulley with teeth round its rim, so a chain machine does not read as a belt one. */
export function sprocket(p: Palette, cx: number, cy: number, r: number): string {
  const teeth: string[] = [];
  for (let i = 0; i < 10; i++) {
    const angle = (i * Math.PI) / 5;
    const x = cx + r * Math.cos(angle);
    const y = cy + r * Math.sin(angle);
    teeth.push(circle(x, y, 3, { fill: p.outline }));
  }
  return [...teeth, pulley(p, cx, cy, r - 2)].join('');
}

/** A fan impeller seen along its shaft: rim, eight swept blades, hub. */
export function impeller(p: Palette, cx: number, cy: number, r: number): string {
  const parts = [circle(cx, cy, r, outlined(p, p.part, STROKE.part))];
  for (let i = 0; i < 8; i++) {
    const angle = (i * Math.PI) / 4;
    const inner = r * 0.3;
    const outer = r * 0.92;
    parts.push(
      line(
        cx + inner * Math.cos(angle),
        cy + inner * Math.sin(angle),
        cx + outer * Math.cos(angle + 0.5),
        cy + outer * Math.sin(angle + 0.5),
        { stroke: p.detail, width: STROKE.detail },
      ),
    );
  }
  parts.push(circle(cx, cy, Math.max(3, r * 0.24), outlined(p, p.body, STROKE.detail)));
  parts.push(circle(cx, cy, Math.max(1.5, r * 0.09), { fill: p.outline }));
  return parts.join('');
}
