import {
  anchorPointsFor,
  MACHINE_SIDES,
  MACHINE_TYPES,
  type MachineSide,
  type MachineType,
  sensorPointsFor,
} from './machine-type-catalog';
import { MACHINE_STATES, type MachineState, renderMachineTypeSvg } from './machine-type-images';

/**
 * An HTML page of the whole library for a person to judge: each type in its 4 states × 2 sides with its sensor
 * points (numbered red rings) and anchor points (blue squares) drawn over it, the point names underneath, and a
 * row at 64 px to check the machines still read at the size of the editor's palette. Built as a string so a
 * script (scripts/machine-types-sheet.ts) can render it to PNG with a real browser.
 */
export function buildContactSheetHtml(): string {
  const rows = MACHINE_TYPES.map((type) => typeRow(type)).join('');
  return (
    '<!doctype html><html><head><meta charset="utf-8"><title>Machine types</title><style>' +
    'body{font-family:sans-serif;margin:16px;background:#fff;color:#222}' +
    'section{border-top:1px solid #ccc;padding:8px 0}h2{font-size:16px;margin:4px 0}' +
    '.row{display:flex;gap:12px;align-items:flex-end;flex-wrap:wrap}' +
    '.cell{position:relative;display:inline-block;text-align:center;font-size:11px}' +
    '.cell svg.overlay{position:absolute;left:0;top:0}.small{display:flex;gap:8px;align-items:flex-end}' +
    'ol,ul{font-size:12px;margin:4px 0;columns:3}</style></head><body>' +
    `<h1 style="font-size:20px">Vigil machine types (${MACHINE_TYPES.length} × 4 states × 2 sides)</h1>` +
    `${rows}</body></html>`
  );
}

function typeRow(type: MachineType): string {
  const cells = MACHINE_SIDES.flatMap((side) => MACHINE_STATES.map((state) => cell(type, state, side)));
  const small = MACHINE_SIDES.flatMap((side) =>
    MACHINE_STATES.map((state) => renderMachineTypeSvg(type.id, state, side, 'small')),
  );
  const sensors = type.sensorPoints.map((point) => `<li>${point.label} (${point.id})</li>`).join('');
  const anchors = type.anchorPoints.map((point) => `<li>${point.name} (${point.id})</li>`).join('');
  return (
    `<section><h2>${type.id}. ${type.name} (${type.width} × ${type.height})</h2>` +
    `<div class="row">${cells.join('')}<div class="small">${small.join('')}</div></div>` +
    `<ol>${sensors}</ol><ul style="color:#1565c0">${anchors}</ul></section>`
  );
}

/** One image at its large size, halved when it is taller than 160 px so a row fits a screen, with its points. */
function cell(type: MachineType, state: MachineState, side: MachineSide): string {
  const svg = renderMachineTypeSvg(type.id, state, side);
  const factor = type.height > 160 ? 0.5 : 1;
  const width = type.width * factor;
  const height = type.height * factor;
  const sized = svg.replace(/width="[^"]*" height="[^"]*"/, `width="${width}" height="${height}"`);
  const marks = [
    ...sensorPointsFor(type, side).map(
      (point, index) =>
        `<circle cx="${point.x_coord}" cy="${point.y_coord}" r="6" fill="none" stroke="#d81b60" stroke-width="2"/>` +
        `<text x="${point.x_coord + 7}" y="${point.y_coord - 5}" font-size="11" fill="#d81b60" ` +
        `font-family="sans-serif">${index + 1}</text>`,
    ),
    ...anchorPointsFor(type, side).map(
      (point) =>
        `<rect x="${point.x_coord - 4}" y="${point.y_coord - 4}" width="8" height="8" fill="#1565c0" opacity="0.85"/>`,
    ),
  ].join('');
  const overlay =
    `<svg class="overlay" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${type.width} ${type.height}" ` +
    `width="${width}" height="${height}" overflow="visible">${marks}</svg>`;
  return `<div class="cell">${sized}${overlay}<div>${state} ${side}</div></div>`;
}
