import {
  COMMON_MESSAGES,
  CSS_MESSAGES,
  FLATPAGE_MESSAGES,
  type Flatpage,
  OEM_MESSAGES,
} from '@vigil/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RoleHeaders, signInEveryRole } from '../../../test/fixtures/oem';
import { buildTestApp, type TestApp } from '../../../test/test-app';

const PUBLIC = '/api/v2/get-flatpages/';
const BASE = '/api/v2/flatpages/';

const XSS_CONTENT = [
  '<h2 onclick="alert(1)">Terms</h2>',
  '<script>alert(document.cookie)</script>',
  '<img src="x" onerror="alert(2)">',
  '<a href="javascript:alert(3)">click</a>',
  '<a href="JaVaScRiPt:alert(4)">again</a>',
  '<iframe src="https://evil.example/"></iframe>',
  '<style>body { display: none }</style>',
  '<p style="color: #c2600e; background: url(javascript:alert(5)); position: fixed">Styled</p>',
  '<a href="https://maker.test/terms" target="_blank">Full terms</a>',
  '<a href="mailto:help@maker.test">Mail us</a>',
  '<img src="data:text/html;base64,PHNjcmlwdD4=" alt="bad"><img src="data:image/png;base64,iVBORw0KGgo=" alt="ok">',
  '<table><tr><td colspan="2">cell</td></tr></table><ul><li>one</li></ul>',
].join('');

describe('static pages API', () => {
  let t: TestApp;
  let as: RoleHeaders;
  let terms: Flatpage;

  beforeAll(async () => {
    t = await buildTestApp();
    as = await signInEveryRole(t.app, t.db);
  });
  afterAll(async () => t.close());

  const create = (authorization: string, payload: object) =>
    t.app.inject({ method: 'POST', url: BASE, headers: { authorization }, payload });
  const edit = (authorization: string, id: number, payload: object) =>
    t.app.inject({ method: 'PATCH', url: `${BASE}${id}/`, headers: { authorization }, payload });

  describe('POST flatpages/', () => {
    it('creates a page with its content sanitised', async () => {
      const response = await create(as.oem, {
        url: '/terms/',
        title: 'Terms of use',
        content: XSS_CONTENT,
        css: 'h2 { color: #c2600e; }',
      });
      expect(response.statusCode).toBe(201);
      terms = response.json();
      expect(terms).toMatchObject({ url: '/terms/', title: 'Terms of use', css: 'h2 { color: #c2600e; }' });
      expect(terms.content).toBe(
        [
          '<h2>Terms</h2>',
          '<img src="x" />',
          '<a>click</a>',
          '<a>again</a>',
          '<p style="color:#c2600e">Styled</p>',
          '<a href="https://maker.test/terms" target="_blank" rel="noopener noreferrer">Full terms</a>',
          '<a href="mailto:help@maker.test">Mail us</a>',
          '<img alt="bad" /><img src="data:image/png;base64,iVBORw0KGgo=" alt="ok" />',
          '<table><tr><td colspan="2">cell</td></tr></table><ul><li>one</li></ul>',
        ].join(''),
      );
    });

    it('names each URL and title problem', async () => {
      const cases: Array<[object, Record<string, string[]>]> = [
        [{}, { url: [FLATPAGE_MESSAGES.urlRequired], title: [FLATPAGE_MESSAGES.titleRequired] }],
        [
          { url: ' ', title: ' ' },
          { url: [FLATPAGE_MESSAGES.urlRequired], title: [FLATPAGE_MESSAGES.titleRequired] },
        ],
        [{ url: 'about/', title: 'A' }, { url: [FLATPAGE_MESSAGES.urlLeadingSlash] }],
        [{ url: '/about', title: 'A' }, { url: [FLATPAGE_MESSAGES.urlTrailingSlash] }],
        [{ url: '/a b/<x>/', title: 'A' }, { url: [FLATPAGE_MESSAGES.urlCharacters] }],
        [{ url: `/${'a'.repeat(100)}/`, title: 'A' }, { url: [FLATPAGE_MESSAGES.urlTooLong] }],
        [{ url: '/about/', title: 'T'.repeat(201) }, { title: [FLATPAGE_MESSAGES.titleTooLong] }],
        [
          { url: '/about/', title: 'A', content: 'x'.repeat(200_001) },
          { content: [FLATPAGE_MESSAGES.contentTooLong] },
        ],
        [{ url: '/about/', title: 'A', css: 'p{}'.repeat(35 * 1024) }, { css: [OEM_MESSAGES.cssTooLarge] }],
        [{ url: '/terms/', title: 'Again' }, { url: [FLATPAGE_MESSAGES.urlTaken] }],
      ];
      for (const [payload, errors] of cases) {
        const response = await create(as.oem, payload);
        expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
        expect(response.json()).toEqual(errors);
      }
    });

    it('refuses CSS that could leave its style element or load script, storing nothing', async () => {
      const response = await create(as.superuser, {
        url: '/about/',
        title: 'About',
        css: 'p { color: red } </style><script>alert(1)</script> a { background: url(javascript:alert(1)) }',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        css: [CSS_MESSAGES.lessThan, CSS_MESSAGES.scriptUrl, CSS_MESSAGES.url],
      });
      const pages: Flatpage[] = (await t.app.inject({ method: 'GET', url: PUBLIC })).json();
      expect(pages.map((page) => page.url)).toEqual(['/terms/']);
    });
  });

  describe('GET get-flatpages/ (public) and flatpages/ (staff)', () => {
    it('lists every page with sanitised content to a visitor', async () => {
      const response = await t.app.inject({ method: 'GET', url: PUBLIC });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual([terms]);
    });

    it('pages the staff list and answers one page by id', async () => {
      await create(as.oem, { url: '/about/', title: 'About us' });
      const response = await t.app.inject({
        method: 'GET',
        url: `${BASE}?limit=1`,
        headers: { authorization: as.oem },
      });
      expect(response.statusCode).toBe(200);
      const page = response.json();
      expect(page.count).toBe(2);
      expect(page.results.map((item: Flatpage) => item.url)).toEqual(['/about/']);
      expect(page.next).toContain('offset=1');
      const one = await t.app.inject({
        method: 'GET',
        url: `${BASE}${terms.id}/`,
        headers: { authorization: as.superuser },
      });
      expect(one.json()).toEqual(terms);
      const missing = await t.app.inject({
        method: 'GET',
        url: `${BASE}999999/`,
        headers: { authorization: as.oem },
      });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ detail: COMMON_MESSAGES.notFound });
    });
  });

  describe('PATCH flatpages/{id}/', () => {
    it('changes the fields sent and sanitises new content', async () => {
      const response = await edit(as.oem, terms.id, {
        title: 'Terms of Use',
        content: '<p>Updated</p><svg><script>alert(1)</script></svg><a href="javascript:void(0)">x</a>',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        id: terms.id,
        url: '/terms/',
        title: 'Terms of Use',
        content: '<p>Updated</p><a>x</a>',
        css: terms.css,
      });
    });

    it('refuses a taken URL, unsafe CSS and a bad title, and answers 404 for an unknown page', async () => {
      const taken = await edit(as.oem, terms.id, { url: '/about/' });
      expect(taken.json()).toEqual({ url: [FLATPAGE_MESSAGES.urlTaken] });
      const css = await edit(as.oem, terms.id, { css: '@import "https://evil.example/x.css";' });
      expect(css.json()).toEqual({ css: [CSS_MESSAGES.importRule] });
      const title = await edit(as.oem, terms.id, { title: '' });
      expect(title.json()).toEqual({ title: [FLATPAGE_MESSAGES.titleRequired] });
      expect((await edit(as.oem, 999_999, { title: 'X' })).statusCode).toBe(404);
      const same = await edit(as.oem, terms.id, { url: '/terms/' });
      expect(same.statusCode).toBe(200);
    });
  });

  describe('POST flatpages/preview/', () => {
    it('answers the sanitised content without storing anything', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: `${BASE}preview/`,
        headers: { authorization: as.oem },
        payload: { content: '<p onmouseover="x()">Hi</p><script>x()</script>', css: 'p { color: red; }' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ content: '<p>Hi</p>', css: 'p { color: red; }' });
      const unsafe = await t.app.inject({
        method: 'POST',
        url: `${BASE}preview/`,
        headers: { authorization: as.oem },
        payload: { content: '', css: '</style>' },
      });
      expect(unsafe.json()).toEqual({ css: [CSS_MESSAGES.lessThan] });
      const pages: Flatpage[] = (await t.app.inject({ method: 'GET', url: PUBLIC })).json();
      expect(pages).toHaveLength(2);
    });
  });

  describe('DELETE flatpages/{id}/', () => {
    it('removes the page; a second delete answers 404', async () => {
      const about: Flatpage = (await t.app.inject({ method: 'GET', url: PUBLIC })).json()[0];
      const response = await t.app.inject({
        method: 'DELETE',
        url: `${BASE}${about.id}/`,
        headers: { authorization: as.oem },
      });
      expect(response.statusCode).toBe(204);
      const again = await t.app.inject({
        method: 'DELETE',
        url: `${BASE}${about.id}/`,
        headers: { authorization: as.oem },
      });
      expect(again.statusCode).toBe(404);
    });
  });

  describe('permissions', () => {
    it('refuses every staff call to other roles with 403 and to visitors with 401', async () => {
      const calls = [
        { method: 'GET', url: BASE },
        { method: 'POST', url: BASE, payload: { url: '/x/', title: 'X' } },
        { method: 'POST', url: `${BASE}preview/`, payload: { content: '' } },
        { method: 'GET', url: `${BASE}${terms.id}/` },
        { method: 'PATCH', url: `${BASE}${terms.id}/`, payload: { title: 'Hacked' } },
        { method: 'DELETE', url: `${BASE}${terms.id}/` },
      ] as const;
      for (const call of calls) {
        for (const authorization of [as.accounts, as.manager, as.engineer, as.user]) {
          const response = await t.app.inject({ ...call, headers: { authorization } });
          expect(response.statusCode, `${call.method} ${call.url}`).toBe(403);
        }
        expect((await t.app.inject(call)).statusCode, `${call.method} ${call.url}`).toBe(401);
      }
      const pages: Flatpage[] = (await t.app.inject({ method: 'GET', url: PUBLIC })).json();
      expect(pages.map((page) => page.title)).toEqual(['Terms of Use']);
    });
  });
});
