import { MachineTypeListSchema } from '@vigil/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, TEST_PASSWORD } from '../../../../test/factories';
import { authHeader, buildTestApp, type TestApp } from '../../../../test/test-app';
import { VISUAL_DASHBOARD_DISABLED } from '../visual-dashboard-access';
import { MACHINE_TYPES } from './machine-type-catalog';
import { renderMachineTypeSvg } from './machine-type-images';
import { THUMBS_KEYS } from './machine-type-json';
import { IMMUTABLE_CACHE, REVALIDATE_CACHE, SVG_CONTENT_SECURITY_POLICY } from './machine-types.routes';
import { contentHash } from './machine-types.service';

const LIST = '/api/v2/type-of-machine/';
const IMAGE = '/api/v2/type-of-machine/1/images/alarm/right/small.svg';

/** Every key wire-formats names for a machine type (lines 98-100). */
const WIRE_KEYS = [
  'id',
  'name',
  'left_side_img',
  'right_side_img',
  'anchor_points',
  'sensor_points_left',
  'sensor_points_right',
  ...THUMBS_KEYS,
].sort();

describe('type-of-machine/ and its pictures', () => {
  let t: TestApp;
  let enabled: string;
  let disabled: string;
  let staffDisabled: string;

  beforeAll(async () => {
    t = await buildTestApp();
    const withDashboard = await buildUser(t.db, { roles: { visualDashboardEnabled: true } });
    const without = await buildUser(t.db);
    const superuser = await buildUser(t.db, { roles: { isSuperuser: true } });
    enabled = await authHeader(t.app, withDashboard.email, TEST_PASSWORD);
    disabled = await authHeader(t.app, without.email, TEST_PASSWORD);
    staffDisabled = await authHeader(t.app, superuser.email, TEST_PASSWORD);
  });
  afterAll(async () => t.close());

  const list = (authorization?: string) =>
    t.app.inject({ method: 'GET', url: LIST, headers: authorization ? { authorization } : {} });

  it('lists the 8 types in id order as a plain array with every wire key', async () => {
    const response = await list(enabled);
    expect(response.statusCode).toBe(200);
    const body = MachineTypeListSchema.parse(response.json());
    expect(Array.isArray(response.json())).toBe(true);
    expect(body.map((type) => type.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(body.map((type) => type.name)).toEqual(MACHINE_TYPES.map((type) => type.name));
    for (const type of response.json() as Record<string, unknown>[]) {
      expect(Object.keys(type).sort()).toEqual(WIRE_KEYS);
    }
    const elevator = body[0];
    expect(elevator?.left_side_img_thumbs).toMatchObject({ large_width: 160, large_height: 320 });
    expect(elevator?.anchor_points).toEqual([
      { id: 151, x_coord: 14, y_coord: 224 },
      { id: 152, x_coord: 145, y_coord: 110 },
    ]);
  });

  it('gives picture URLs that answer, each with its content hash', async () => {
    const body = MachineTypeListSchema.parse((await list(enabled)).json());
    const urls = body.flatMap((type) => [
      type.left_side_img,
      type.right_side_img,
      ...THUMBS_KEYS.flatMap((key) => [type[key].large, type[key].small]),
    ]);
    expect(new Set(urls).size).toBe(8 * 4 * 2 * 2);
    for (const url of urls) {
      const response = await t.app.inject({ method: 'GET', url });
      expect([url, response.statusCode]).toEqual([url, 200]);
      expect(url).toMatch(
        /^\/api\/v2\/type-of-machine\/\d\/images\/\w+\/(left|right)\/(large|small)\.svg\?v=/,
      );
      expect(url.endsWith(`?v=${contentHash(response.body)}`)).toBe(true);
      expect(response.headers['cache-control']).toBe(IMMUTABLE_CACHE);
    }
    expect(body[0]?.left_side_img).toContain('/1/images/stopped/left/large.svg');
    expect(body[0]?.alarm_right_side_img_thumbs.small).toContain('/1/images/alarm/right/small.svg');
  });

  it('serves a picture as a standalone SVG with its own headers, without a token', async () => {
    const response = await t.app.inject({ method: 'GET', url: IMAGE });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toBe(SVG_CONTENT_SECURITY_POLICY);
    expect(response.body.startsWith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 320"')).toBe(
      true,
    );
    expect(response.body).toContain('width="32" height="64"');
    expect(response.body.endsWith('</svg>')).toBe(true);
    expect(response.body).toBe(renderMachineTypeSvg(1, 'alarm', 'right', 'small'));
  });

  it('keeps a year only the URL of the current content, and revalidates by ETag otherwise', async () => {
    const plain = await t.app.inject({ method: 'GET', url: IMAGE });
    const hash = contentHash(plain.body);
    expect(plain.headers.etag).toBe(`"${hash}"`);
    expect(plain.headers['cache-control']).toBe(REVALIDATE_CACHE);
    const stale = await t.app.inject({ method: 'GET', url: `${IMAGE}?v=000000000000` });
    expect([stale.statusCode, stale.headers['cache-control']]).toEqual([200, REVALIDATE_CACHE]);
    const current = await t.app.inject({ method: 'GET', url: `${IMAGE}?v=${hash}` });
    expect(current.headers['cache-control']).toBe(IMMUTABLE_CACHE);
    const revalidated = await t.app.inject({
      method: 'GET',
      url: IMAGE,
      headers: { 'if-none-match': `W/"other", "${hash}"` },
    });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
    expect(revalidated.headers.etag).toBe(`"${hash}"`);
  });

  it('answers 404 JSON for an unknown type, state, side or size', async () => {
    for (const url of [
      '/api/v2/type-of-machine/9/images/alarm/right/small.svg',
      '/api/v2/type-of-machine/0/images/alarm/right/small.svg',
      '/api/v2/type-of-machine/abc/images/alarm/right/small.svg',
      '/api/v2/type-of-machine/1/images/broken/right/small.svg',
      '/api/v2/type-of-machine/1/images/alarm/up/small.svg',
      '/api/v2/type-of-machine/1/images/alarm/right/huge.svg',
      '/api/v2/type-of-machine/1/images/alarm/right/small.png',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect([url, response.statusCode]).toEqual([url, 404]);
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.json()).toEqual({ detail: expect.any(String) });
    }
  });

  it('asks for a token for the list (401)', async () => {
    const response = await list();
    expect(response.statusCode).toBe(401);
  });

  it('refuses the list to a person without visual_dashboard_enabled (403), staff included', async () => {
    for (const authorization of [disabled, staffDisabled]) {
      const response = await list(authorization);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ detail: VISUAL_DASHBOARD_DISABLED });
    }
  });

  it('is in the OpenAPI document with its schemas', async () => {
    const document = (await t.app.inject('/api/openapi.json')).json<{
      paths: Record<
        string,
        Record<
          string,
          {
            security?: unknown;
            parameters?: { name: string }[];
            responses: Record<string, { content?: Record<string, unknown> }>;
          }
        >
      >;
    }>();
    expect(document.paths[LIST]?.get?.security).toEqual([{ jwt: [] }]);
    const image = document.paths['/api/v2/type-of-machine/{id}/images/{state}/{side}/{size}.svg']?.get;
    expect(image?.parameters?.map((parameter) => parameter.name).sort()).toEqual([
      'id',
      'side',
      'size',
      'state',
      'v',
    ]);
    expect(image?.security).toBeUndefined();
    expect(Object.keys(image?.responses['200']?.content ?? {})).toEqual(['image/svg+xml']);
    expect(Object.keys(image?.responses['404']?.content ?? {})).toEqual(['application/json']);
  });
});
