import { CSS_MESSAGES } from '@vigil/contracts';
import { AppError } from '../../errors';

/**
 * Checks OEM CSS (the global custom styling and each static page's CSS) before it is stored. The
 * CSS is refused rather than silently altered, so the author learns what to change. Refused: the
 * character '<' (it could end the <style> element: '</style>'), @import, expression(), javascript:
 * and vbscript: addresses, behavior / -moz-binding / IE filters, url() and image strings other than
 * https: or data:image/, and unbalanced braces (a page's CSS is nested in a scoping rule).
 * Comments are removed and CSS escapes decoded first, so 'u\72l(' or 'expr/ * * /ession(' do not slip by.
 */
export function findCssProblems(css: string): string[] {
  const problems = new Set<string>();
  if (css.includes('<')) {
    problems.add(CSS_MESSAGES.lessThan);
  }
  const { text, isBalanced } = stripComments(css);
  const compact = decodeEscapes(text).toLowerCase().replace(/\0/g, '').replace(/\s+/g, '');
  if (compact.includes('@import')) {
    problems.add(CSS_MESSAGES.importRule);
  }
  if (compact.includes('expression(')) {
    problems.add(CSS_MESSAGES.expression);
  }
  if (/(?:java|vb)script:/.test(compact)) {
    problems.add(CSS_MESSAGES.scriptUrl);
  }
  if (/behaviou?r:|-moz-binding|progid:/.test(compact)) {
    problems.add(CSS_MESSAGES.binding);
  }
  if (findResourceTargets(compact).some((target) => !isAllowedTarget(target))) {
    problems.add(CSS_MESSAGES.url);
  }
  if (!isBalanced) {
    problems.add(CSS_MESSAGES.braces);
  }
  return Object.values(CSS_MESSAGES).filter((message) => problems.has(message));
}

/** https: anywhere, or an inline image. */
function isAllowedTarget(target: string): boolean {
  return target.startsWith('https://') || target.startsWith('data:image/');
}

/** The CSS without comments, and whether its braces balance; strings and escapes are respected. */
export function stripComments(css: string): { text: string; isBalanced: boolean } {
  let text = '';
  let depth = 0;
  let isBalanced = true;
  let quote: string | null = null;
  for (let i = 0; i < css.length; i += 1) {
    const char = css.charAt(i);
    if (char === '\\') {
      text += char + css.charAt(i + 1);
      i += 1;
      continue;
    }
    if (quote !== null) {
      text += char;
      // A string also ends at a new line (a 'bad string' in CSS terms).
      if (char === quote || char === '\n') {
        quote = null;
      }
      continue;
    }
    if (char === '/' && css.charAt(i + 1) === '*') {
      const end = css.indexOf('*/', i + 2);
      i = end === -1 ? css.length : end + 1;
      continue;
    }
    if (char === '"' || char === "'") {
      quote = char;
    } else if (char === '{') {
      depth += 1;
    } else if (char === '}') {
      depth -= 1;
      if (depth < 0) {
        isBalanced = false;
        depth = 0;
      }
    }
    text += char;
  }
  return { text, isBalanced: isBalanced && depth === 0 };
}

/** CSS escapes to the characters they stand for: '\72' and '\000072 ' are 'r', '\r' is 'r'. */
export function decodeEscapes(text: string): string {
  return text.replace(
    /\\(?:([0-9a-fA-F]{1,6})[ \t\n\r\f]?|(\r\n|[\n\r\f])|([\s\S]))/g,
    (_match, hex: string | undefined, newline: string | undefined, char: string | undefined) => {
      if (hex !== undefined) {
        const code = Number.parseInt(hex, 16);
        const isInvalid = code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff);
        return isInvalid ? '\uFFFD' : String.fromCodePoint(code);
      }
      return newline !== undefined ? '' : (char ?? '');
    },
  );
}

const URL_TARGET = /url\((['"]?)([^'")]*)/g;
const IMAGE_FUNCTION = /(?:^|[^a-z0-9_-])(?:-webkit-)?(?:image-set|image|cross-fade|src)\(/g;
const STRING_LITERAL = /"([^"]*)"|'([^']*)'/g;

/**
 * The beginnings of every address the CSS could load: url() targets and the strings inside
 * image-set(), image(), cross-fade() and src(). Works on comment-free, decoded, lower-cased CSS
 * without white space; only the scheme matters, so the beginning is enough.
 */
export function findResourceTargets(compact: string): string[] {
  const targets: string[] = [];
  for (const match of compact.matchAll(URL_TARGET)) {
    targets.push(match[2] ?? '');
  }
  for (const match of compact.matchAll(IMAGE_FUNCTION)) {
    const args = functionArguments(compact, match.index + match[0].length);
    for (const literal of args.matchAll(STRING_LITERAL)) {
      targets.push(literal[1] ?? literal[2] ?? '');
    }
  }
  return targets;
}

/** The text from `start` (just after a '(') to its matching ')', quotes respected. */
function functionArguments(text: string, start: number): string {
  let depth = 1;
  let quote: string | null = null;
  for (let i = start; i < text.length; i += 1) {
    const char = text.charAt(i);
    if (quote !== null) {
      quote = char === quote ? null : quote;
    } else if (char === '"' || char === "'") {
      quote = char;
    } else if (char === '(') {
      depth += 1;
    } else if (char === ')') {
      depth -= 1;
      if (depth === 0) {
        return text.slice(start, i);
      }
    }
  }
  return text.slice(start);
}

/** 400 naming every problem of the CSS in `field`; nothing is stored. */
export function assertSafeCss(field: string, css: string): void {
  const problems = findCssProblems(css);
  if (problems.length > 0) {
    throw AppError.validation({ [field]: problems });
  }
}
