import { describe, expect, it } from 'vitest';
import { JsonWriter } from './graph-json-writer';

describe('JsonWriter', () => {
  it('writes numbers as JSON.stringify does, growing from a tiny buffer', () => {
    const numbers = [
      0,
      -0,
      1,
      -1,
      7,
      10,
      1_795_314_600_000,
      40.51,
      -12.5,
      0.1 + 0.2,
      1e21,
      1.5e-7,
      2 ** 53,
      -(2 ** 53) - 2,
      123_456_789_012_345_680_000,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      Number.NEGATIVE_INFINITY,
    ];
    const writer = new JsonWriter(1);
    writer.byte(91);
    numbers.forEach((value, index) => {
      if (index > 0) {
        writer.byte(44);
      }
      writer.number(value);
    });
    writer.byte(93);
    expect(writer.result().toString()).toBe(JSON.stringify(numbers));
  });

  it('writes any text as UTF-8', () => {
    const writer = new JsonWriter(2);
    writer.text(JSON.stringify('Température °C ✓ "quoted"'));
    expect(JSON.parse(writer.result().toString())).toBe('Température °C ✓ "quoted"');
  });
});
