import { ESCALATION_MESSAGES, type EscalationPolicy } from '@vigil/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClient, buildClientUser, buildSite, TEST_PASSWORD } from '../../../test/factories';
import { putPolicy } from '../../../test/fixtures/escalation';
import { signedInAt } from '../../../test/maintenance';
import { authHeader, buildTestApp, type TestApp } from '../../../test/test-app';
import type { LocationRow } from '../../db/tables/sites.table';

/** locations/{id}/escalation-policy/: readers read, the site's managers and accounts management change it. */
describe('escalation policy calls', () => {
  let t: TestApp;
  let site: LocationRow;
  let manager: { user: { id: number; email: string }; authorization: string };
  let engineer: { user: { id: number }; authorization: string };
  let reader: { user: { id: number }; authorization: string };
  let accountsManagement: string;
  let foreignManager: string;
  let foreignUserId: number;

  const url = () => `/api/v1/locations/${site.id}/escalation-policy/`;
  const levels = () => [
    { after_minutes: 0, user_ids: [manager.user.id], emails: ['night@example.com'] },
    { after_minutes: 10, user_ids: [reader.user.id], emails: [] },
    { after_minutes: 30, emails: ['director@example.com'] },
  ];

  beforeAll(async () => {
    t = await buildTestApp();
    const client = await buildClient(t.db);
    site = await buildSite(t.db, client);
    manager = await signedInAt(t.app, t.db, site, 'Manager');
    engineer = await signedInAt(t.app, t.db, site, 'Engineer');
    reader = await signedInAt(t.app, t.db, site, 'User');
    const administrator = await buildClientUser(t.db, client, { roles: { isAccountsManagement: true } });
    accountsManagement = await authHeader(t.app, administrator.email, TEST_PASSWORD);
    const otherSite = await buildSite(t.db, await buildClient(t.db));
    const foreign = await signedInAt(t.app, t.db, otherSite, 'Manager');
    foreignManager = foreign.authorization;
    foreignUserId = foreign.user.id;
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers a site without a policy as off, with no levels', async () => {
    const response = await t.app.inject({ url: url(), headers: { authorization: reader.authorization } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      location: site.id,
      enabled: false,
      include_warnings: false,
      levels: [],
      can_edit: false,
      date_updated: null,
      updated_by: null,
    });
  });

  it("saves the manager's policy, and every reader of the site reads it", async () => {
    const saved = await putPolicy(t.app, manager.authorization, site.id, {
      enabled: true,
      include_warnings: true,
      levels: levels(),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const read = await t.app.inject({ url: url(), headers: { authorization: reader.authorization } });
    expect(read.statusCode).toBe(200);
    const policy = read.json<EscalationPolicy>();
    expect(policy).toMatchObject({ enabled: true, include_warnings: true, can_edit: false });
    expect(
      policy.levels.map((level) => [level.level, level.after_minutes, level.user_ids, level.emails]),
    ).toEqual([
      [1, 0, [manager.user.id], ['night@example.com']],
      [2, 10, [reader.user.id], []],
      [3, 30, [], ['director@example.com']],
    ]);
    expect(policy.levels[0]?.users[0]).toMatchObject({ id: manager.user.id, email: manager.user.email });
    expect(policy.updated_by).toBe('Manager Person');
    expect(policy.date_updated).not.toBeNull();
  });

  it("lets the client's accounts management change it too", async () => {
    const response = await putPolicy(t.app, accountsManagement, site.id, {
      enabled: false,
      levels: levels().slice(0, 1),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ enabled: false, include_warnings: false, can_edit: true });
  });

  it('refuses bad policies with 400 and a message per level', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ enabled: true, levels: [] }, ESCALATION_MESSAGES.levelsRequired],
      [{ enabled: true, levels: [...levels(), levels()[2]] }, ESCALATION_MESSAGES.tooManyLevels],
      [
        { enabled: true, levels: [{ after_minutes: 1441, emails: ['a@example.com'] }] },
        `Level 1: ${ESCALATION_MESSAGES.minutesRange}`,
      ],
      [
        { enabled: true, levels: [{ after_minutes: 5.5, emails: ['a@example.com'] }] },
        `Level 1: ${ESCALATION_MESSAGES.minutesRange}`,
      ],
      [
        {
          enabled: true,
          levels: [
            { after_minutes: 10, emails: ['a@example.com'] },
            { after_minutes: 10, emails: ['b@example.com'] },
          ],
        },
        `Level 2: ${ESCALATION_MESSAGES.minutesIncreasing}`,
      ],
      [
        {
          enabled: true,
          levels: [
            { after_minutes: 0, emails: ['a@example.com'] },
            { after_minutes: 0, emails: ['b@example.com'] },
          ],
        },
        `Level 2: ${ESCALATION_MESSAGES.minutesFirstOnly}`,
      ],
      [
        { enabled: true, levels: [{ after_minutes: 0 }] },
        `Level 1: ${ESCALATION_MESSAGES.recipientsRequired}`,
      ],
      [
        { enabled: true, levels: [{ after_minutes: 0, emails: ['not-an-address'] }] },
        `Level 1: ${ESCALATION_MESSAGES.invalidEmail} (not-an-address)`,
      ],
      [
        {
          enabled: true,
          levels: [{ after_minutes: 0, emails: Array.from({ length: 21 }, (_, i) => `p${i}@example.com`) }],
        },
        `Level 1: ${ESCALATION_MESSAGES.tooManyRecipients}`,
      ],
      [
        { enabled: true, levels: [{ after_minutes: 0, emails: ['a@example.com', 'A@example.com'] }] },
        `Level 1: ${ESCALATION_MESSAGES.duplicateRecipient}`,
      ],
      [
        { enabled: true, levels: [{ after_minutes: 0, user_ids: [foreignUserId] }] },
        `Level 1: ${ESCALATION_MESSAGES.userNotAtSite} (${foreignUserId})`,
      ],
    ];
    for (const [body, message] of cases) {
      const response = await putPolicy(t.app, manager.authorization, site.id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().levels, JSON.stringify(body)).toContain(message);
    }
    const noEnabled = await putPolicy(t.app, manager.authorization, site.id, { levels: [] });
    expect(noEnabled.statusCode).toBe(400);
    expect(Object.keys(noEnabled.json())).toContain('enabled');
  });

  it('answers 403 to an engineer and a user of the site', async () => {
    for (const authorization of [engineer.authorization, reader.authorization]) {
      const response = await putPolicy(t.app, authorization, site.id, { enabled: false, levels: [] });
      expect(response.statusCode).toBe(403);
    }
  });

  it("answers 404 to another client's manager, for reading and changing alike, and 401 without a token", async () => {
    const read = await t.app.inject({ url: url(), headers: { authorization: foreignManager } });
    expect(read.statusCode).toBe(404);
    const write = await putPolicy(t.app, foreignManager, site.id, { enabled: false, levels: [] });
    expect(write.statusCode).toBe(404);
    expect((await t.app.inject({ url: url() })).statusCode).toBe(401);
    const missing = await t.app.inject({
      url: '/api/v1/locations/2147483647/escalation-policy/',
      headers: { authorization: manager.authorization },
    });
    expect(missing.statusCode).toBe(404);
  });
});
