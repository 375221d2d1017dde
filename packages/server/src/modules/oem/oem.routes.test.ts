import { COMMON_MESSAGES, CSS_MESSAGES, LOGO_MAX_BYTES, LOGO_MESSAGES, OEM_MESSAGES } from '@vigil/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataUrlBytes, type RoleHeaders, signInEveryRole, TINY_PNG } from '../../../test/fixtures/oem';
import { buildTestApp, type TestApp } from '../../../test/test-app';

const LAYOUT = '/api/v1/layout-settings/';
const SETTINGS = '/api/v1/oem/settings/';

const DIRTY_SVG = `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10" onload="alert(1)">
  <script>alert(document.cookie)</script>
  <rect width="10" height="10" fill="#c2600e" onclick="alert(2)"/>
  <foreignObject><body xmlns="http://www.w3.org/1999/xhtml"><img src="x" onerror="alert(3)"/></body></foreignObject>
  <use xlink:href="https://evil.example/sprite.svg#icon"/>
  <a href="javascript:alert(4)"><text x="1" y="8">V</text></a>
  <animate attributeName="href" to="javascript:alert(5)"/>
</svg>`;

describe('OEM settings API', () => {
  let t: TestApp;
  let as: RoleHeaders;

  beforeAll(async () => {
    t = await buildTestApp();
    as = await signInEveryRole(t.app, t.db);
  });
  afterAll(async () => t.close());

  const patch = (authorization: string, payload: unknown) =>
    t.app.inject({ method: 'PATCH', url: SETTINGS, headers: { authorization }, payload: payload as object });

  describe('GET layout-settings/', () => {
    it('answers the defaults to a visitor before anything was configured', async () => {
      const response = await t.app.inject({ method: 'GET', url: LAYOUT });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        logo: null,
        css: '',
        support_address: '',
        support_phone: '',
        support_email: '',
      });
    });

    it('answers the same under /api/v2/ (the earlier client calls both)', async () => {
      await patch(as.superuser, { support_phone: '+1 555 0199', css: 'body { color: #123456; }' });
      const v1 = await t.app.inject({ method: 'GET', url: LAYOUT });
      const v2 = await t.app.inject({ method: 'GET', url: '/api/v2/layout-settings/' });
      expect(v2.statusCode).toBe(200);
      expect(v2.json()).toEqual(v1.json());
      expect(v2.json()).toMatchObject({ support_phone: '+1 555 0199' });
    });
  });

  describe('GET oem/settings/', () => {
    it('answers super users and OEM users', async () => {
      for (const authorization of [as.superuser, as.oem]) {
        const response = await t.app.inject({ method: 'GET', url: SETTINGS, headers: { authorization } });
        expect(response.statusCode).toBe(200);
        expect(Object.keys(response.json()).sort()).toEqual([
          'css',
          'logo',
          'support_address',
          'support_email',
          'support_phone',
        ]);
      }
    });

    it('refuses other roles with 403 and visitors with 401', async () => {
      for (const authorization of [as.accounts, as.manager, as.engineer, as.user]) {
        const response = await t.app.inject({ method: 'GET', url: SETTINGS, headers: { authorization } });
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({ detail: COMMON_MESSAGES.permissionDenied });
      }
      const visitor = await t.app.inject({ method: 'GET', url: SETTINGS });
      expect(visitor.statusCode).toBe(401);
    });
  });

  describe('PATCH oem/settings/', () => {
    it('creates the settings on first write and the public layout settings show them', async () => {
      const response = await patch(as.oem, {
        support_address: '  1 Conveyor Way, Leeds  ',
        support_phone: '+44 113 555 0100',
        support_email: 'support@maker.test',
        css: '.app-header { background: #123456; }',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        logo: null,
        css: '.app-header { background: #123456; }',
        support_address: '1 Conveyor Way, Leeds',
        support_phone: '+44 113 555 0100',
        support_email: 'support@maker.test',
      });
      const layout = await t.app.inject({ method: 'GET', url: LAYOUT });
      expect(layout.json()).toEqual(response.json());
    });

    it('changes only the fields sent', async () => {
      const response = await patch(as.superuser, { support_phone: '+44 113 555 0199' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        support_phone: '+44 113 555 0199',
        support_email: 'support@maker.test',
        support_address: '1 Conveyor Way, Leeds',
      });
    });

    it('refuses a support address over 255 characters, an invalid e-mail and CSS over 100 KB', async () => {
      const response = await patch(as.oem, {
        support_address: 'a'.repeat(256),
        support_phone: '1'.repeat(256),
        support_email: 'not-an-email',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        support_address: [OEM_MESSAGES.tooLong],
        support_phone: [OEM_MESSAGES.tooLong],
        support_email: [OEM_MESSAGES.emailInvalid],
      });
      const css = await patch(as.oem, { css: 'p{}'.repeat(35 * 1024) });
      expect(css.statusCode).toBe(400);
      expect(css.json()).toEqual({ css: [OEM_MESSAGES.cssTooLarge] });
    });

    it('accepts an empty support e-mail', async () => {
      const response = await patch(as.oem, { support_email: '' });
      expect(response.statusCode).toBe(200);
      expect(response.json().support_email).toBe('');
      await patch(as.oem, { support_email: 'support@maker.test' });
    });

    it('refuses CSS that could leave its style element or load script, and stores nothing', async () => {
      for (const [css, message] of [
        ['p { color: red } </style><script>alert(1)</script>', CSS_MESSAGES.lessThan],
        ['@import url(https://evil.example/x.css);', CSS_MESSAGES.importRule],
        ['p { width: expression(alert(1)) }', CSS_MESSAGES.expression],
        ['p { background: url(javascript:alert(1)) }', CSS_MESSAGES.scriptUrl],
        ['body { -moz-binding: url(https://evil.example/x.xml#a) }', CSS_MESSAGES.binding],
        ['p { background: url(http://evil.example/a.png) }', CSS_MESSAGES.url],
      ] as const) {
        const response = await patch(as.oem, { css, support_phone: '000' });
        expect(response.statusCode, css).toBe(400);
        expect(response.json().css, css).toContain(message);
      }
      const layout = await t.app.inject({ method: 'GET', url: LAYOUT });
      expect(layout.json()).toMatchObject({
        css: '.app-header { background: #123456; }',
        support_phone: '+44 113 555 0199',
      });
    });

    it('takes the logo as a PNG data URL, and null brings back the default', async () => {
      const response = await patch(as.oem, { logo: `data:image/png;base64,${TINY_PNG.toString('base64')}` });
      expect(response.statusCode).toBe(200);
      expect(response.json().logo).toBe(`data:image/png;base64,${TINY_PNG.toString('base64')}`);
      const reset = await patch(as.oem, { logo: null });
      expect(reset.json().logo).toBeNull();
    });

    it('checks a data URL logo by its content, not its declared type', async () => {
      const text = Buffer.from('<html><script>alert(1)</script></html>').toString('base64');
      const fake = await patch(as.oem, { logo: `data:image/png;base64,${text}` });
      expect(fake.statusCode).toBe(400);
      expect(fake.json()).toEqual({ logo: [LOGO_MESSAGES.invalidType] });
      const notDataUrl = await patch(as.oem, { logo: 'https://evil.example/logo.png' });
      expect(notDataUrl.json()).toEqual({ logo: [LOGO_MESSAGES.invalidDataUrl] });
      const badBase64 = await patch(as.oem, { logo: 'data:image/png;base64,@@@' });
      expect(badBase64.json()).toEqual({ logo: [LOGO_MESSAGES.invalidDataUrl] });
      const huge = Buffer.concat([TINY_PNG, Buffer.alloc(LOGO_MAX_BYTES)]).toString('base64');
      const tooLarge = await patch(as.oem, { logo: `data:image/png;base64,${huge}` });
      expect(tooLarge.statusCode).toBe(400);
      expect(tooLarge.json()).toEqual({ logo: [LOGO_MESSAGES.tooLarge] });
    });

    it('cleans an SVG data URL logo', async () => {
      const response = await patch(as.oem, { logo: `data:image/svg+xml,${encodeURIComponent(DIRTY_SVG)}` });
      expect(response.statusCode).toBe(200);
      const logo: string = response.json().logo;
      expect(logo.startsWith('data:image/svg+xml;base64,')).toBe(true);
      const svg = dataUrlBytes(logo).toString('utf8');
      expect(svg).toContain('<rect width="10" height="10" fill="#c2600e">');
      expect(svg).not.toMatch(/script|onload|onclick|onerror|foreignObject|evil\.example|animate/i);
    });

    it('reports CSS and logo problems together', async () => {
      const response = await patch(as.oem, { css: '</style>', logo: 'data:image/png;base64,AAAA' });
      expect(response.json()).toEqual({ css: [CSS_MESSAGES.lessThan], logo: [LOGO_MESSAGES.invalidType] });
    });

    it('refuses other roles with 403 even when the body is invalid, and visitors with 401', async () => {
      for (const authorization of [as.accounts, as.manager, as.engineer, as.user]) {
        expect((await patch(authorization, { support_phone: '1' })).statusCode).toBe(403);
        expect((await patch(authorization, { support_email: 'bad' })).statusCode).toBe(403);
      }
      const visitor = await t.app.inject({ method: 'PATCH', url: SETTINGS, payload: { support_phone: '1' } });
      expect(visitor.statusCode).toBe(401);
      const layout = await t.app.inject({ method: 'GET', url: LAYOUT });
      expect(layout.json().support_phone).toBe('+44 113 555 0199');
    });
  });
});
