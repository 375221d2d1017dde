/**
 * Cells of the CSV downloads (graph export, notifications.csv): RFC 4180 quoting; text a spreadsheet would run as
 * a formula gets a leading quote (OWASP 'CSV injection').
 */

/** Characters that make a spreadsheet read a cell as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A text cell: formula guard, then quotes when it holds a separator, quote, line break or edge spaces. */
export function textCell(text: string): string {
  const guarded = FORMULA_START.test(text) ? `'${text}` : text;
  return /[",\r\n;]/.test(guarded) || guarded !== guarded.trim()
    ? `"${guarded.replaceAll('"', '""')}"`
    : guarded;
}

/** A number as plain text with at most 6 decimals ('' for none); never a formula, so never guarded. */
export function numberCell(value: number | null): string {
  if (value === null || !Number.isFinite(value)) {
    return '';
  }
  const rounded = Math.round(value * 1e6) / 1e6;
  return String(rounded === 0 ? 0 : rounded);
}
