import sanitizeHtml from 'sanitize-html';

/** Drawing elements only: no script, foreignObject, animation (it can rewrite href), links or style elements. */
const SVG_TAGS = [
  'svg',
  'g',
  'defs',
  'symbol',
  'use',
  'title',
  'desc',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'text',
  'tspan',
  'textPath',
  'image',
  'linearGradient',
  'radialGradient',
  'stop',
  'clipPath',
  'mask',
  'pattern',
  'filter',
  'feGaussianBlur',
  'feOffset',
  'feBlend',
  'feColorMatrix',
  'feFlood',
  'feComposite',
  'feMerge',
  'feMergeNode',
];

const SVG_ATTRIBUTES = [
  'id',
  'class',
  'style',
  'xmlns',
  'xmlns:xlink',
  'version',
  'viewBox',
  'preserveAspectRatio',
  'width',
  'height',
  'x',
  'y',
  'x1',
  'x2',
  'y1',
  'y2',
  'cx',
  'cy',
  'r',
  'rx',
  'ry',
  'fx',
  'fy',
  'dx',
  'dy',
  'd',
  'points',
  'transform',
  'href',
  'xlink:href',
  'fill',
  'fill-opacity',
  'fill-rule',
  'stroke',
  'stroke-width',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-miterlimit',
  'stroke-dasharray',
  'stroke-dashoffset',
  'stroke-opacity',
  'opacity',
  'clip-path',
  'clip-rule',
  'mask',
  'filter',
  'display',
  'visibility',
  'overflow',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'text-anchor',
  'dominant-baseline',
  'letter-spacing',
  'textLength',
  'lengthAdjust',
  'offset',
  'stop-color',
  'stop-opacity',
  'gradientUnits',
  'gradientTransform',
  'spreadMethod',
  'patternUnits',
  'patternContentUnits',
  'patternTransform',
  'maskUnits',
  'maskContentUnits',
  'clipPathUnits',
  'filterUnits',
  'primitiveUnits',
  'stdDeviation',
  'in',
  'in2',
  'result',
  'mode',
  'values',
  'type',
  'operator',
  'flood-color',
  'flood-opacity',
  'vector-effect',
  'paint-order',
];

const XMLNS = { xmlns: 'http://www.w3.org/2000/svg', 'xmlns:xlink': 'http://www.w3.org/1999/xlink' } as const;

/** A value that points nowhere outside the document: no url() other than url(#id), no script. */
function isLocalValue(name: string, value: string): boolean {
  const compact = value.replace(/[\s\0]+/g, '').toLowerCase();
  if (/(?:java|vb)script:|expression\(/.test(compact)) {
    return false;
  }
  if (name === 'href' || name === 'xlink:href') {
    return (
      compact.startsWith('#') || compact.startsWith('data:image/png') || compact.startsWith('data:image/jpeg')
    );
  }
  if (name === 'xmlns' || name === 'xmlns:xlink') {
    return value === XMLNS[name];
  }
  // Style declarations are filtered one by one (allowedStyles), so a bad one does not cost the rest.
  return name === 'style' || !/url\((?!['"]?#)/.test(compact);
}

/** Drops every attribute value that could reach outside the image. */
function keepLocalAttributes(tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  const kept = Object.fromEntries(
    Object.entries(attribs).filter(([name, value]) => isLocalValue(name, value)),
  );
  return { tagName, attribs: kept };
}

const SAFE_STYLE_VALUE = [/^(?!.*(?:url\((?!['"]?#)|expression\(|image|src\())[-#%.,\w\s()/+'"]*$/i];
const STYLE_PROPERTIES = [
  'fill',
  'fill-opacity',
  'fill-rule',
  'stroke',
  'stroke-width',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-miterlimit',
  'stroke-dasharray',
  'stroke-dashoffset',
  'stroke-opacity',
  'opacity',
  'display',
  'visibility',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'text-anchor',
  'letter-spacing',
  'stop-color',
  'stop-opacity',
  'clip-rule',
  'mix-blend-mode',
  'isolation',
];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: SVG_TAGS,
  allowedAttributes: { '*': SVG_ATTRIBUTES },
  // href values are checked by keepLocalAttributes; sanitize-html's scheme list would allow relative paths.
  allowedSchemesAppliedToAttributes: [],
  allowedStyles: {
    '*': Object.fromEntries(STYLE_PROPERTIES.map((property) => [property, SAFE_STYLE_VALUE])),
  },
  transformTags: { '*': keepLocalAttributes },
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'foreignObject', 'textarea', 'noscript', 'iframe'],
  selfClosing: [],
  parser: { xmlMode: true, lowerCaseTags: false, lowerCaseAttributeNames: false, recognizeCDATA: false },
};

/** The markup before the root element: an XML declaration, comments and white space. */
const PROLOGUE = /^\uFEFF?\s*(?:<\?xml[^>]*\?>\s*)?(?:<!--[\s\S]*?-->\s*)*/;

/** Whether the text is an SVG document: its first element (after the prologue) is <svg>. */
export function looksLikeSvg(text: string): boolean {
  const rest = text.replace(PROLOGUE, '');
  return /^<svg[\s>/]/.test(rest);
}

/**
 * An SVG logo made safe: only drawing elements and presentation attributes stay; scripts, event
 * handlers, foreignObject, animation, external references and DOCTYPEs (entity tricks) go.
 * Undefined when the document declares a DOCTYPE or its root is not <svg>.
 */
export function sanitiseSvg(text: string): string | undefined {
  if (/<!doctype|<!entity/i.test(text) || !looksLikeSvg(text)) {
    return undefined;
  }
  const clean = sanitizeHtml(text.replace(PROLOGUE, ''), OPTIONS).trim();
  return /^<svg[\s>]/.test(clean) ? clean : undefined;
}
