import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWorld, type World } from '../../test/role-walk/world';
import { buildTestApp, type TestApp } from '../../test/test-app';

type Operation = { method: string; path: string; bodyFields: string[] };

const PARAM_VALUES = [
  'abc',
  '-1',
  '0',
  '2147483648',
  '99999999999',
  '99999999999999999999',
  '1.5',
  '%00',
  'x'.repeat(300),
];
const HOSTILE_QUERY =
  'limit=abc&offset=-1&ordering=%27&q=%25&search=%00&filter=%5C&with-location-membership=abc&location=abc&status=zzz&timestamp=never&client=-1&location=99999999999&device=%00';
const WEIRD_VALUES: unknown[] = [
  null,
  '',
  'x'.repeat(5000),
  -1,
  1e308,
  true,
  [],
  {},
  '<script>alert(1)</script>',
  "' or 1=1 --",
];

/** Every input a careless or hostile client could send gets a 4xx at worst, never a 500. */
describe('no input produces a server error', () => {
  let t: TestApp;
  let world: World;
  let operations: Operation[];

  beforeAll(async () => {
    t = await buildTestApp();
    world = await buildWorld(t.app, t.db);
    const document = (await t.app.inject('/api/openapi.json')).json<{
      paths: Record<
        string,
        Record<
          string,
          {
            requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
          }
        >
      >;
    }>();
    operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        method: method.toUpperCase(),
        path,
        bodyFields: Object.keys(
          operation.requestBody?.content?.['application/json']?.schema?.properties ?? {},
        ),
      })),
    );
  });
  afterAll(async () => t.close());

  it('answers malformed ids, bodies and field values with 4xx on every route', async () => {
    expect(operations.length).toBeGreaterThan(50);
    const failures: string[] = [];
    let requests = 0;
    const headers = world.headers.superuser;
    for (const operation of operations) {
      if (operation.path.endsWith('/logout/')) {
        continue;
      }
      const urls = PARAM_VALUES.map((value) =>
        operation.path.replace(/\{[^}]+\}/g, encodeURIComponent(value)),
      );
      const bodies: unknown[] = [
        undefined,
        [],
        'text',
        42,
        ...WEIRD_VALUES.map((value) =>
          Object.fromEntries(operation.bodyFields.map((field) => [field, value])),
        ),
      ];
      const hasBody = !['GET', 'DELETE'].includes(operation.method);
      const bases = operation.path.includes('{') ? urls : [operation.path];
      const withQueries =
        operation.method === 'GET' ? bases.flatMap((url) => [url, `${url}?${HOSTILE_QUERY}`]) : bases;
      for (const url of withQueries) {
        for (const body of hasBody ? bodies : [undefined]) {
          const response = await t.app.inject({
            method: operation.method as 'GET',
            url,
            headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
            ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
          });
          requests += 1;
          if (response.statusCode >= 500) {
            failures.push(
              `${operation.method} ${url} ${JSON.stringify(body)?.slice(0, 80)} → ${response.statusCode} ${response.body.slice(0, 120)}`,
            );
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(requests).toBeGreaterThan(500);
  }, 120_000);
});
