import { LOGO_MESSAGES } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors';
import { decodeDataUrl, detectRasterType, logoDataUrl, logoFromDataUrl } from './logo';
import { looksLikeSvg, sanitiseSvg } from './svg-sanitiser';

function logoErrorOf(action: () => unknown): string[] | undefined {
  try {
    action();
  } catch (error) {
    return error instanceof AppError ? error.fields?.logo : undefined;
  }
  return undefined;
}

describe('detectRasterType', () => {
  it('reads the type from the first bytes only', () => {
    expect(detectRasterType(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe(
      'image/png',
    );
    expect(detectRasterType(Buffer.from([0xff, 0xd8, 0xff, 0xdb]))).toBe('image/jpeg');
    expect(detectRasterType(Buffer.from('GIF87a', 'latin1'))).toBe('image/gif');
    expect(detectRasterType(Buffer.from('RIFF\0\0\0\0WEBPVP8L', 'latin1'))).toBe('image/webp');
    expect(detectRasterType(Buffer.from('RIFF\0\0\0\0AVI ', 'latin1'))).toBeUndefined();
    expect(detectRasterType(Buffer.from([0x89, 0x50, 0x4e, 0x47]))).toBeUndefined();
    expect(detectRasterType(Buffer.from('%PDF-1.7'))).toBeUndefined();
  });
});

describe('decodeDataUrl', () => {
  it('decodes base64 and percent-encoded data URLs whatever type they declare', () => {
    expect(decodeDataUrl('data:image/png;base64,aGk=')?.toString()).toBe('hi');
    expect(decodeDataUrl('data:application/octet-stream;base64,aG\nk=')?.toString()).toBe('hi');
    expect(decodeDataUrl('data:image/svg+xml;charset=utf-8,%3Csvg%3E')?.toString()).toBe('<svg>');
    expect(decodeDataUrl('data:;base64,aGk=')?.toString()).toBe('hi');
  });

  it('refuses anything else', () => {
    expect(decodeDataUrl('https://a.test/logo.png')).toBeUndefined();
    expect(decodeDataUrl('data:image/png;base64,a*b')).toBeUndefined();
    expect(decodeDataUrl('data:image/svg+xml,%E0%A4%A')).toBeUndefined();
    expect(decodeDataUrl('')).toBeUndefined();
  });
});

describe('logoDataUrl and logoFromDataUrl', () => {
  it('refuses empty, oversized and unknown content with the logo messages', () => {
    expect(logoErrorOf(() => logoDataUrl(Buffer.alloc(0)))).toEqual([LOGO_MESSAGES.fileRequired]);
    expect(logoErrorOf(() => logoDataUrl(Buffer.alloc(512 * 1024 + 1)))).toEqual([LOGO_MESSAGES.tooLarge]);
    expect(logoErrorOf(() => logoDataUrl(Buffer.from([0xfe, 0xff, 0x00])))).toEqual([
      LOGO_MESSAGES.invalidType,
    ]);
    expect(logoErrorOf(() => logoDataUrl(Buffer.from('<html></html>')))).toEqual([LOGO_MESSAGES.invalidType]);
    expect(logoErrorOf(() => logoFromDataUrl('javascript:alert(1)'))).toEqual([LOGO_MESSAGES.invalidDataUrl]);
  });

  it('stores an SVG whose only content was unsafe as an empty drawing', () => {
    const url = logoDataUrl(Buffer.from('<svg><foreignObject><p>x</p></foreignObject></svg>'));
    expect(Buffer.from(url.slice(url.indexOf(',') + 1), 'base64').toString()).toBe('<svg></svg>');
  });
});

describe('sanitiseSvg', () => {
  it('recognises SVG after an XML declaration, a BOM and comments', () => {
    expect(looksLikeSvg('\uFEFF<?xml version="1.0"?>\n<!-- by hand -->\n<svg viewBox="0 0 1 1"></svg>')).toBe(
      true,
    );
    expect(looksLikeSvg('<svgx></svgx>')).toBe(false);
    expect(looksLikeSvg('<html><svg></svg></html>')).toBe(false);
  });

  it('keeps drawing elements with their case-sensitive names and attributes', () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"><defs><linearGradient id="g" gradientUnits="userSpaceOnUse">' +
      '<stop offset="0" stop-color="#fff"></stop></linearGradient></defs><rect width="4" height="4" fill="url(#g)"></rect>' +
      '<use href="#g"></use></svg>';
    expect(sanitiseSvg(svg)).toBe(svg);
  });

  it('removes event handlers, scripts, external references and unsafe styles', () => {
    const clean = sanitiseSvg(
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:foo="urn:x"><script href="https://evil.test/x.js"/>' +
        '<g onmouseover="x()" style="fill: red; background: url(https://evil.test/x)"><circle r="1" fill="url(https://evil.test/#a)"/></g>' +
        '<image href="https://evil.test/x.png"/><use xlink:href="other.svg#a"/><set attributeName="href" to="javascript:x()"/>' +
        '<style>@import url(https://evil.test/x.css);</style><iframe src="https://evil.test"/></svg>',
    );
    expect(clean).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg"><g style="fill:red"><circle r="1"></circle></g><image></image><use></use></svg>',
    );
  });

  it('refuses DOCTYPEs and entities', () => {
    expect(sanitiseSvg('<!DOCTYPE svg><svg></svg>')).toBeUndefined();
    expect(sanitiseSvg('<svg><!ENTITY x "y"></svg>')).toBeUndefined();
  });
});
