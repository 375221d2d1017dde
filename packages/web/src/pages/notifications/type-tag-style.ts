import type { CSSProperties } from 'react';

/**
 * The type tag's look: the wire colour of the type (wire-formats.md) as the tag's border over a light tint of
 * it, with dark text. antd draws a custom-coloured tag as white text on the colour itself, which is unreadable
 * on the light ones ('Alarm Cleared' #FFB983: contrast 1.7; issue 23).
 */
export const TAG_TEXT_COLOR = '#1f2937';
/** How much of the type colour the tint keeps (the rest is white). */
const TINT = 0.22;

function channelsOf(hex: string): [number, number, number] | null {
  const match = /^#([0-9a-f]{6})$/i.exec(hex.trim());
  if (match?.[1] === undefined) {
    return null;
  }
  const value = Number.parseInt(match[1], 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

/** The colour mixed with white, keeping `share` of it. */
export function tintOf(hex: string, share = TINT): string {
  const channels = channelsOf(hex);
  if (channels === null) {
    return '#f5f5f5';
  }
  const mixed = channels.map((channel) => Math.round(255 - (255 - channel) * share));
  return `#${mixed.map((channel) => channel.toString(16).padStart(2, '0')).join('')}`;
}

export function typeTagStyle(hex: string): CSSProperties {
  return { background: tintOf(hex), borderColor: hex, color: TAG_TEXT_COLOR };
}

/** WCAG relative luminance of a #rrggbb colour. */
function luminanceOf(hex: string): number {
  const [r, g, b] = (channelsOf(hex) ?? [0, 0, 0]).map((channel) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two #rrggbb colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminanceOf(a), luminanceOf(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}
