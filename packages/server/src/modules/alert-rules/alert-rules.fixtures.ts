import type { AlertRule, AlertRulesPage } from '@vigil/contracts';
import type { FastifyInstance } from 'fastify';
import {
  assignToSite,
  buildClient,
  buildDevice,
  buildSite,
  buildUser,
  TEST_PASSWORD,
} from '../../../test/factories';
import { authHeader } from '../../../test/test-app';
import type { Database } from '../../db/database';

/** Test helpers of the e-mail alert rules: a client with a device and a person who sees it, and the calls. */

export const RULES_URL = '/api/v1/notification-settings/';

export async function personWithDevice(app: FastifyInstance, db: Database) {
  const client = await buildClient(db);
  const site = await buildSite(db, client);
  const device = await buildDevice(db, site, { title: `Kiln feed ${site.id}` });
  const user = await buildUser(db);
  await assignToSite(db, user, site, 'User');
  return { client, site, device, user, authorization: await authHeader(app, user.email, TEST_PASSWORD) };
}

/** A good alarm rule on the device; fields may be overridden. */
export function alarmRule(deviceId: number, overrides: Record<string, unknown> = {}) {
  return {
    delivery_method: 'Email',
    send_to_alternative: false,
    alternative_contact: '',
    event_type: 'alarm',
    contact_when: '0',
    x: 1,
    all_devices: false,
    number_per_hour: 0,
    devices: [String(deviceId)],
    ...overrides,
  };
}

export function callRules(
  app: FastifyInstance,
  authorization: string | undefined,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  return app.inject({
    method,
    url,
    headers: authorization === undefined ? {} : { authorization },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

export async function createRule(
  app: FastifyInstance,
  authorization: string,
  body: unknown,
): Promise<AlertRule> {
  const response = await callRules(app, authorization, 'POST', RULES_URL, body);
  if (response.statusCode !== 201) {
    throw new Error(`POST notification-settings/ answered ${response.statusCode} ${response.body}`);
  }
  return response.json<AlertRule>();
}

export async function listRules(
  app: FastifyInstance,
  authorization: string,
  query = '',
): Promise<AlertRulesPage> {
  const response = await callRules(app, authorization, 'GET', `${RULES_URL}${query}`);
  if (response.statusCode !== 200) {
    throw new Error(`GET notification-settings/ answered ${response.statusCode} ${response.body}`);
  }
  return response.json<AlertRulesPage>();
}
