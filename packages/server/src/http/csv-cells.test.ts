import { describe, expect, it } from 'vitest';
import { numberCell, textCell } from './csv-cells';

describe('CSV cells', () => {
  it('quotes separators, quotes and edge spaces, and guards formulas in text', () => {
    expect(textCell('Head pulley')).toBe('Head pulley');
    expect(textCell('Belt, head')).toBe('"Belt, head"');
    expect(textCell('say "hi"')).toBe('"say ""hi"""');
    expect(textCell(' padded')).toBe('" padded"');
    expect(textCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(textCell('@cmd')).toBe("'@cmd");
    expect(textCell('-5')).toBe("'-5");
  });

  it('writes numbers plainly, negative ones unguarded, with at most 6 decimals', () => {
    expect(numberCell(null)).toBe('');
    expect(numberCell(Number.NaN)).toBe('');
    expect(numberCell(-5.25)).toBe('-5.25');
    expect(numberCell(72.33333333333333)).toBe('72.333333');
    expect(numberCell(-0.0000001)).toBe('0');
    expect(numberCell(1200)).toBe('1200');
  });
});
