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

  it('writes random integers, two-decimal values and other doubles as JSON.stringify does', () => {
    let state = 7;
    const random = () => {
      state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
      return state / 2_147_483_648;
    };
    const numbers: number[] = [0.05, -0.5, 0.07, 123.4, 1e11 + 0.01, 99_999_999.99, 100_000_000.01, -1e-7];
    for (let i = 0; i < 20_000; i++) {
      const kind = i % 4;
      const magnitude = 10 ** Math.floor(random() * 16);
      const sign = random() < 0.3 ? -1 : 1;
      numbers.push(
        kind === 0
          ? sign * Math.floor(random() * magnitude)
          : kind === 1
            ? (sign * Math.round(random() * magnitude * 100)) / 100
            : kind === 2
              ? Math.round(sign * random() * 20_000) / 100
              : sign * random() * magnitude,
      );
    }
    const writer = new JsonWriter(8);
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
