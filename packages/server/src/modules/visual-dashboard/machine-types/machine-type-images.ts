import { DRAWINGS } from './drawings';
import { num } from './drawings/kit';
import { type MachineState, PALETTES } from './drawings/palette';
import { findMachineType, type MachineSide, type MachineType } from './machine-type-catalog';

export type { MachineState } from './drawings/palette';
export { MACHINE_STATES } from './drawings/palette';

/**
 * The two sizes of every image, as the thumbs of wire-formats name them. Both are the same drawing (SVG scales
 * without loss); the small one only says a smaller width and height, so an <img> without CSS sizing (the
 * editor's palette, a list) shows it at 64 px on its longer side.
 */
export type ImageSize = 'large' | 'small';

const SMALL_LONG_SIDE = 64;

/** Width and height in px of a type's image at the given size; the large one is the catalog's. */
export function imageDimensions(type: MachineType, size: ImageSize): { width: number; height: number } {
  if (size === 'large') {
    return { width: type.width, height: type.height };
  }
  const factor = SMALL_LONG_SIDE / Math.max(type.width, type.height);
  return { width: Math.round(type.width * factor), height: Math.round(type.height * factor) };
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * A complete, standalone SVG document of one machine type in one display state, seen from one side. Nothing
 * outside the string is referenced (no links, images, scripts or fonts: the drawings have no text), so it can be
 * served as a file, put in a data: URL or inlined. The right side is the left drawing under a mirroring
 * transform, so both sides are always the same machine and the catalog's mirrored points land on the same parts.
 * The same arguments always give the same string.
 */
export function renderMachineTypeSvg(
  typeId: number,
  state: MachineState,
  side: MachineSide,
  size: ImageSize = 'large',
): string {
  const type = findMachineType(typeId);
  const draw = type && DRAWINGS[type.slug];
  if (!type || !draw) {
    throw new Error(`Unknown machine type ${typeId}`);
  }
  const { width, height } = imageDimensions(type, size);
  const parts = draw(PALETTES[state]);
  const body = side === 'left' ? parts : `<g transform="matrix(-1 0 0 1 ${num(type.width)} 0)">${parts}</g>`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${num(type.width)} ${num(type.height)}" ` +
    `width="${num(width)}" height="${num(height)}" stroke-linecap="round" stroke-linejoin="round">` +
    `<title>${escapeText(type.name)} (${state}, ${side} side)</title>${body}</svg>`
  );
}
