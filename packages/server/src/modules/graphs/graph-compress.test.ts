import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { acceptedEncoding, compressJson } from './graph-compress';

describe('acceptedEncoding', () => {
  it('prefers br, then gzip, and honours q=0 and *', () => {
    expect(acceptedEncoding('gzip, deflate, br')).toBe('br');
    expect(acceptedEncoding('gzip, deflate')).toBe('gzip');
    expect(acceptedEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(acceptedEncoding('*')).toBe('br');
    expect(acceptedEncoding('*, br;q=0')).toBe('gzip');
    expect(acceptedEncoding('identity')).toBe('identity');
    expect(acceptedEncoding('gzip;q=0')).toBe('identity');
    expect(acceptedEncoding(undefined)).toBe('identity');
    expect(acceptedEncoding(['deflate', 'GZIP'])).toBe('gzip');
  });
});

describe('compressJson', () => {
  it('answers text that inflates to the same text', async () => {
    const text = JSON.stringify(Array.from({ length: 2000 }, (_, i) => [i * 3600, i % 7, false, 'OK ✓']));
    const compressed = await compressJson(text, 'br');
    expect(compressed.length).toBeLessThan(text.length / 4);
    expect(brotliDecompressSync(compressed).toString()).toBe(text);
  });
});
