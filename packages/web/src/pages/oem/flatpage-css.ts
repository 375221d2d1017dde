/** The wrapper class a static page's content sits in. */
export const FLATPAGE_SCOPE_CLASS = 'flatpage-scope';

/**
 * A page's CSS nested inside its wrapper class (CSS nesting), so `h2 { ... }` styles only that
 * page's headings and `body { ... }` matches nothing. The server refuses CSS with '<' or
 * unbalanced braces, so the CSS can neither end the <style> element nor close the wrapper rule.
 */
export function flatpageScopedCss(css: string): string {
  return css.trim() === '' ? '' : `.${FLATPAGE_SCOPE_CLASS} {\n${css}\n}`;
}
