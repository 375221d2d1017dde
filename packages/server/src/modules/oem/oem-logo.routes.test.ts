import { LOGO_MAX_BYTES, LOGO_MESSAGES } from '@vigil/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dataUrlBytes,
  multipartFile,
  type RoleHeaders,
  signInEveryRole,
  TINY_PNG,
} from '../../../test/fixtures/oem';
import { buildTestApp, type TestApp } from '../../../test/test-app';

const LAYOUT = '/api/v1/layout-settings/';
const LOGO = '/api/v1/oem/settings/logo/';

const DIRTY_SVG = `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10" onload="alert(1)">
  <script>alert(document.cookie)</script>
  <rect width="10" height="10" fill="#c2600e" onclick="alert(2)"/>
  <foreignObject><body xmlns="http://www.w3.org/1999/xhtml"><img src="x" onerror="alert(3)"/></body></foreignObject>
  <use xlink:href="https://evil.example/sprite.svg#icon"/>
  <a href="javascript:alert(4)"><text x="1" y="8">V</text></a>
  <animate attributeName="href" to="javascript:alert(5)"/>
</svg>`;

describe('OEM logo upload API', () => {
  let t: TestApp;
  let as: RoleHeaders;

  beforeAll(async () => {
    t = await buildTestApp();
    as = await signInEveryRole(t.app, t.db);
  });
  afterAll(async () => t.close());

  const upload = (authorization: string, file: ReturnType<typeof multipartFile>) =>
    t.app.inject({
      method: 'POST',
      url: LOGO,
      headers: { authorization, ...file.headers },
      payload: file.payload,
    });

  describe('POST and DELETE oem/settings/logo/', () => {
    it('stores an uploaded PNG as a data URL that the public layout settings answer', async () => {
      const response = await upload(as.oem, multipartFile(TINY_PNG));
      expect(response.statusCode).toBe(200);
      expect(response.json().logo).toBe(`data:image/png;base64,${TINY_PNG.toString('base64')}`);
      const layout = await t.app.inject({ method: 'GET', url: LAYOUT });
      expect(layout.json().logo).toBe(response.json().logo);
    });

    it('recognises JPEG, GIF and WEBP by their first bytes whatever the file is called', async () => {
      const cases = [
        [Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]), 'image/jpeg'],
        [Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'), 'image/gif'],
        [
          Buffer.concat([Buffer.from('RIFF'), Buffer.from([4, 0, 0, 0]), Buffer.from('WEBPVP8 ')]),
          'image/webp',
        ],
      ] as const;
      for (const [bytes, mime] of cases) {
        const response = await upload(as.superuser, multipartFile(bytes, { filename: 'logo.png' }));
        expect(response.statusCode).toBe(200);
        expect(response.json().logo.startsWith(`data:${mime};base64,`)).toBe(true);
      }
    });

    it('refuses a file that is not an image even when named and typed as one', async () => {
      const html = Buffer.from('<html><body onload="alert(1)"></body></html>');
      const response = await upload(
        as.oem,
        multipartFile(html, { filename: 'logo.png', contentType: 'image/png' }),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ logo: [LOGO_MESSAGES.invalidType] });
    });

    it('refuses a file over 512 KB and keeps the previous logo', async () => {
      const before = (await t.app.inject({ method: 'GET', url: LAYOUT })).json().logo;
      const big = Buffer.concat([TINY_PNG, Buffer.alloc(LOGO_MAX_BYTES - TINY_PNG.length + 1)]);
      const response = await upload(as.oem, multipartFile(big));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ logo: [LOGO_MESSAGES.tooLarge] });
      const exact = Buffer.concat([TINY_PNG, Buffer.alloc(LOGO_MAX_BYTES - TINY_PNG.length)]);
      expect((await upload(as.oem, multipartFile(exact))).statusCode).toBe(200);
      await upload(as.oem, multipartFile(Buffer.from(before.slice(before.indexOf(',') + 1), 'base64')));
    });

    it('stores an SVG only after removing scripts, handlers, foreignObject and outside references', async () => {
      const response = await upload(
        as.oem,
        multipartFile(Buffer.from(DIRTY_SVG), { filename: 'logo.svg', contentType: 'image/svg+xml' }),
      );
      expect(response.statusCode).toBe(200);
      const svg = dataUrlBytes(response.json().logo).toString('utf8');
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
      expect(svg).toContain('<text x="1" y="8">V</text>');
      expect(svg).not.toMatch(/script|onload|onclick|onerror|foreignObject|evil\.example|animate|<a[\s>]/i);
    });

    it('refuses an SVG with a DOCTYPE (entity expansion)', async () => {
      const svg = Buffer.from(
        '<!DOCTYPE svg [<!ENTITY a "aaaa">]><svg xmlns="http://www.w3.org/2000/svg">&a;</svg>',
      );
      const response = await upload(as.oem, multipartFile(svg, { filename: 'logo.svg' }));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ logo: [LOGO_MESSAGES.invalidType] });
    });

    it('asks for a file when the request holds none', async () => {
      const json = await t.app.inject({
        method: 'POST',
        url: LOGO,
        headers: { authorization: as.oem },
        payload: {},
      });
      expect(json.statusCode).toBe(400);
      expect(json.json()).toEqual({ logo: [LOGO_MESSAGES.fileRequired] });
      const empty = await upload(as.oem, multipartFile(Buffer.alloc(0)));
      expect(empty.json()).toEqual({ logo: [LOGO_MESSAGES.fileRequired] });
    });

    it('DELETE brings back the default logo', async () => {
      const response = await t.app.inject({
        method: 'DELETE',
        url: LOGO,
        headers: { authorization: as.oem },
      });
      expect(response.statusCode).toBe(204);
      expect((await t.app.inject({ method: 'GET', url: LAYOUT })).json().logo).toBeNull();
    });

    it('refuses other roles with 403 and visitors with 401', async () => {
      for (const authorization of [as.accounts, as.manager, as.engineer, as.user]) {
        expect((await upload(authorization, multipartFile(TINY_PNG))).statusCode).toBe(403);
        const remove = await t.app.inject({ method: 'DELETE', url: LOGO, headers: { authorization } });
        expect(remove.statusCode).toBe(403);
      }
      const file = multipartFile(TINY_PNG);
      const visitor = await t.app.inject({
        method: 'POST',
        url: LOGO,
        headers: file.headers,
        payload: file.payload,
      });
      expect(visitor.statusCode).toBe(401);
      expect((await t.app.inject({ method: 'DELETE', url: LOGO })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'GET', url: LAYOUT })).json().logo).toBeNull();
    });
  });
});
