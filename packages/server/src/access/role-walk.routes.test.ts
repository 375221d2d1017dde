import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD } from '../../test/factories';
import { ALL_CASES, LOGOUT_ROUTES, permissionTableLines } from '../../test/role-walk/all-cases';
import { caseLabel } from '../../test/role-walk/cases';
import { buildWorld, ROLES, type World } from '../../test/role-walk/world';
import { authHeader, buildTestApp, type TestApp } from '../../test/test-app';

// Every API route with every role: the executable form of docs/permissions.md.
const CASES = ALL_CASES;

// Guarded by device credentials (serial number and code), not user roles: tested in ingest.routes.test.ts.
const DEVICE_ROUTES = ['POST /api/v1/ingest/{udfId}/'];

describe('permission walk over every API route and role', () => {
  let t: TestApp;
  let world: World;

  beforeAll(async () => {
    t = await buildTestApp();
    world = await buildWorld(t.app, t.db);
  });
  afterAll(async () => t.close());

  it('has a case for every route of the OpenAPI document', async () => {
    const document = (await t.app.inject('/api/openapi.json')).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const documented = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const walked = new Set([
      ...CASES.map((c) => `${c.method} ${c.route}`),
      ...LOGOUT_ROUTES.map((r) => `POST ${r}`),
      ...DEVICE_ROUTES,
    ]);
    expect(documented.filter((route) => !walked.has(route))).toEqual([]);
  });

  it('agrees with docs/permissions.md', () => {
    const doc = fs.readFileSync(path.resolve(import.meta.dirname, '../../../../docs/permissions.md'), 'utf8');
    const missing = permissionTableLines().filter((line) => !doc.includes(line));
    expect(missing, 'regenerate the table with npm run docs:permissions').toEqual([]);
  });

  for (const routeCase of CASES) {
    it(caseLabel(routeCase), async () => {
      const outcomes: string[] = [];
      const expected: string[] = [];
      for (const [index, role] of ROLES.entries()) {
        const { url, payload, headers } = await routeCase.request(world);
        const response = await t.app.inject({
          method: routeCase.method,
          url,
          headers: { ...world.headers[role], ...headers },
          ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
        });
        const status = response.statusCode;
        const denied = role === 'visitor' ? status === 401 : status === 403 || status === 404;
        const outcome =
          status < 300 ? 'allow' : denied ? 'deny' : `unexpected ${status} ${response.body.slice(0, 200)}`;
        outcomes.push(`${role}: ${outcome}`);
        expected.push(`${role}: ${routeCase.expect[index]}`);
      }
      expect(outcomes).toEqual(expected);
    });
  }

  it('logout is allowed to every signed-in role and refused to a visitor', async () => {
    for (const url of LOGOUT_ROUTES) {
      for (const role of ROLES) {
        const headers =
          role === 'visitor'
            ? {}
            : { authorization: await authHeader(t.app, world.users[role].email, TEST_PASSWORD) };
        const response = await t.app.inject({ method: 'POST', url, headers });
        expect([role, response.statusCode]).toEqual([role, role === 'visitor' ? 401 : 200]);
      }
    }
  });
});
