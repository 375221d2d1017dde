import { describe, expect, it } from 'vitest';
import { buildContactSheetHtml } from './contact-sheet';
import { MACHINE_TYPES } from './machine-type-catalog';

describe('buildContactSheetHtml', () => {
  it('shows all 64 images with their points, and the 64 small ones', () => {
    const html = buildContactSheetHtml();
    expect(
      html.match(/<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 \d+ \d+" width/g),
    ).toHaveLength(128);
    expect(html.match(/class="overlay"/g)).toHaveLength(64);
    const points = MACHINE_TYPES.reduce((sum, type) => sum + type.sensorPoints.length, 0);
    expect(html.match(/stroke="#d81b60"/g)).toHaveLength(points * 8);
  });
});
