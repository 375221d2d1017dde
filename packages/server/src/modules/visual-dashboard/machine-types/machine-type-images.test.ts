import { describe, expect, it } from 'vitest';
import { MACHINE_SIDES, MACHINE_TYPES } from './machine-type-catalog';
import { imageDimensions, MACHINE_STATES, renderMachineTypeSvg } from './machine-type-images';

interface XmlElement {
  name: string;
  attributes: Record<string, string>;
}

/**
 * A strict little XML reader, enough for the SVG we write: one root, every tag closed in order, attributes quoted
 * and not repeated, only the five XML entities, no stray '<' or '&'. Throws on the first fault; returns the
 * elements in document order. (No XML parser is a dependency, and htmlparser2 forgives what XML does not.)
 */
function parseXml(text: string): XmlElement[] {
  const elements: XmlElement[] = [];
  const open: string[] = [];
  let roots = 0;
  let read = 0;
  const token = /<(\/?)([A-Za-z][\w:.-]*)((?:\s+[\w:.-]+="[^"<]*")*)\s*(\/?)>|([^<]+)/gy;
  for (let match = token.exec(text); match !== null; match = token.exec(text)) {
    read = token.lastIndex;
    const [, closing, name, attributeText, selfClosing, content] = match;
    if (content !== undefined) {
      if (open.length === 0 && content.trim() !== '') throw new Error('text outside the root');
      if (/&(?!(amp|lt|gt|quot|apos);)/.test(content)) throw new Error(`bad entity in ${content}`);
      continue;
    }
    if (closing) {
      if (open.pop() !== name || attributeText || selfClosing) throw new Error(`unbalanced </${name}>`);
      continue;
    }
    if (open.length === 0 && ++roots > 1) throw new Error('more than one root');
    const attributes: Record<string, string> = {};
    for (const [, key = '', value = ''] of (attributeText ?? '').matchAll(/([\w:.-]+)="([^"]*)"/g)) {
      if (key in attributes) throw new Error(`repeated ${key} on <${name}>`);
      if (/&(?!(amp|lt|gt|quot|apos);)/.test(value)) throw new Error(`bad entity in ${key}`);
      attributes[key] = value;
    }
    elements.push({ name: name ?? '', attributes });
    if (!selfClosing) open.push(name ?? '');
  }
  if (read !== text.length) throw new Error(`unreadable at ${read}`);
  if (open.length > 0 || roots !== 1) throw new Error(`unclosed ${open.join(', ')}`);
  return elements;
}

const ALLOWED_ELEMENTS = new Set(['svg', 'title', 'g', 'rect', 'circle', 'line', 'polygon', 'path']);

const ALL = MACHINE_TYPES.flatMap((type) =>
  MACHINE_STATES.flatMap((state) => MACHINE_SIDES.map((side) => ({ type, state, side }))),
);

describe('renderMachineTypeSvg', () => {
  it('the tiny reader refuses what is not well formed', () => {
    expect(() => parseXml('<svg><g></svg>')).toThrow();
    expect(() => parseXml('<svg a="1" a="2"/>')).toThrow();
    expect(() => parseXml('<svg/><svg/>')).toThrow();
    expect(() => parseXml('<svg x=1/>')).toThrow();
    expect(() => parseXml('<svg><title>a & b</title></svg>')).toThrow();
    expect(parseXml('<svg><g><rect x="1"/></g></svg>').map((e) => e.name)).toEqual(['svg', 'g', 'rect']);
  });

  it.each(ALL.map(({ type, state, side }) => [type.name, state, side, type] as const))(
    '%s %s %s is a well-formed standalone SVG of the catalog size',
    (_name, state, side, type) => {
      const svg = renderMachineTypeSvg(type.id, state, side);
      const elements = parseXml(svg);
      const root = elements[0];
      expect(root?.name).toBe('svg');
      expect(root?.attributes).toMatchObject({
        xmlns: 'http://www.w3.org/2000/svg',
        viewBox: `0 0 ${type.width} ${type.height}`,
        width: String(type.width),
        height: String(type.height),
      });
      for (const element of elements) {
        expect(ALLOWED_ELEMENTS.has(element.name), element.name).toBe(true);
        const names = Object.keys(element.attributes);
        expect(
          names.filter((name) => /href|^on|^style$|font/i.test(name)),
          element.name,
        ).toEqual([]);
      }
      expect(svg).not.toMatch(/url\(|<script|<text|<image|@import/i);
      expect(elements.length).toBeGreaterThan(10);
    },
  );

  it('draws the four states differently for every type and side', () => {
    for (const type of MACHINE_TYPES) {
      for (const side of MACHINE_SIDES) {
        const images = MACHINE_STATES.map((state) => renderMachineTypeSvg(type.id, state, side));
        expect(new Set(images).size, `${type.name} ${side}`).toBe(MACHINE_STATES.length);
      }
    }
  });

  it('draws the right side as the left one under a mirroring transform', () => {
    for (const { type, state } of ALL.filter(({ side }) => side === 'left')) {
      const inner = (svg: string) =>
        svg.replace(/^<svg[^>]*><title>[^<]*<\/title>/, '').replace(/<\/svg>$/, '');
      const left = inner(renderMachineTypeSvg(type.id, state, 'left'));
      const right = inner(renderMachineTypeSvg(type.id, state, 'right'));
      expect(right).toBe(`<g transform="matrix(-1 0 0 1 ${type.width} 0)">${left}</g>`);
    }
  });

  it('draws every type differently, always the same way', () => {
    const running = MACHINE_TYPES.map((type) => renderMachineTypeSvg(type.id, 'running', 'left'));
    expect(new Set(running).size).toBe(MACHINE_TYPES.length);
    expect(MACHINE_TYPES.map((type) => renderMachineTypeSvg(type.id, 'running', 'left'))).toEqual(running);
  });

  it('gives the small image 64 px on its longer side and the same drawing', () => {
    for (const type of MACHINE_TYPES) {
      const { width, height } = imageDimensions(type, 'small');
      expect(Math.max(width, height)).toBe(64);
      const small = parseXml(renderMachineTypeSvg(type.id, 'alarm', 'right', 'small'))[0];
      expect(small?.attributes).toMatchObject({ width: String(width), height: String(height) });
      expect(small?.attributes.viewBox).toBe(`0 0 ${type.width} ${type.height}`);
    }
  });

  it('refuses a type it does not know', () => {
    expect(() => renderMachineTypeSvg(99, 'running', 'left')).toThrow('Unknown machine type 99');
  });
});
