import sanitizeHtml from 'sanitize-html';

/**
 * A style value with no way to load or run anything: no url(), expression(), escapes or colons.
 * Parentheses stay for rgb() and calc().
 */
const SAFE_STYLE_VALUE = [/^(?!.*(?:url|expression|image|src|element)\s*\()[-#%.,\w\s()/+'"!]*$/i];

const SAFE_STYLE_PROPERTIES = [
  'color',
  'background-color',
  'text-align',
  'text-decoration',
  'text-transform',
  'font-size',
  'font-weight',
  'font-style',
  'font-family',
  'line-height',
  'letter-spacing',
  'vertical-align',
  'white-space',
  'width',
  'max-width',
  'min-width',
  'height',
  'margin',
  'margin-top',
  'margin-right',
  'margin-bottom',
  'margin-left',
  'padding',
  'padding-top',
  'padding-right',
  'padding-bottom',
  'padding-left',
  'border',
  'border-top',
  'border-right',
  'border-bottom',
  'border-left',
  'border-color',
  'border-style',
  'border-width',
  'border-radius',
  'border-collapse',
  'list-style-type',
  'display',
  'float',
  'clear',
];

const ALLOWED_STYLES = {
  '*': Object.fromEntries(SAFE_STYLE_PROPERTIES.map((property) => [property, SAFE_STYLE_VALUE])),
};

/** Links open safely in a new tab: no opener, no referrer. */
function transformLink(tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  if (attribs.target === '_blank') {
    return { tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } };
  }
  const { rel: _rel, ...rest } = attribs;
  return { tagName, attribs: rest };
}

/** Images load over http(s) or are inline images; any other data: URL is dropped. */
function transformImage(tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  const src = (attribs.src ?? '').trim();
  if (/^data:/i.test(src) && !/^data:image\//i.test(src)) {
    const { src: _src, ...rest } = attribs;
    return { tagName, attribs: rest };
  }
  return { tagName, attribs };
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'del', 'ins'],
  allowedAttributes: {
    '*': ['class', 'title', 'lang', 'dir', 'style'],
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan', 'scope'],
    ol: ['start', 'type'],
    time: ['datetime'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  allowedStyles: ALLOWED_STYLES,
  transformTags: { a: transformLink, img: transformImage },
  // Script, style, iframe and the rest are dropped with their content, not shown as text.
  disallowedTagsMode: 'discard',
};

/**
 * Static page HTML as it is stored and served: common formatting, headings, lists, tables, links
 * (http, https, mailto) and images (http, https, data:image); no scripts, event handlers, iframes,
 * forms, style elements or javascript: URLs; style attributes keep only harmless properties.
 */
export function sanitisePageHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
