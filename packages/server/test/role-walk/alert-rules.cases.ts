import { insertRule } from '../../src/modules/alert-rules/alert-rules.repo';
import { A, D, EVERY_SIGNED_IN, type RouteCase, type Row } from './cases';
import type { World } from './world';

/** Only the rule's owner (A1's manager here): another person's rule answers 404. */
const OWNER_ONLY: Row = [D, D, D, A, D, D, D, D];
const target = "A1 manager's rule";

/** A fresh all-devices alarm rule of A1's manager. */
async function managersRule(w: World): Promise<number> {
  const row = await insertRule(
    w.db,
    w.users.manager.id,
    {
      deliveryMethod: 'Email',
      sendToAlternative: false,
      alternativeContact: null,
      eventType: 'alarm',
      contactWhen: 0,
      periodical: false,
      x: 1,
      allDevices: true,
      numberPerHour: 0,
    },
    [],
  );
  return row.id;
}

/** notification-settings/: every signed-in person has their own rules (docs/alert-rules.md). */
export const alertRulesCases: RouteCase[] = [
  {
    method: 'GET',
    route: '/api/v1/notification-settings/',
    request: () => ({ url: '/api/v1/notification-settings/' }),
    expect: EVERY_SIGNED_IN,
  },
  {
    method: 'POST',
    route: '/api/v1/notification-settings/',
    request: () => ({
      url: '/api/v1/notification-settings/',
      payload: { delivery_method: 'Email', event_type: 'alarm', contact_when: '0', all_devices: true },
    }),
    expect: EVERY_SIGNED_IN,
  },
  {
    method: 'GET',
    route: '/api/v1/notification-settings/{id}/',
    target,
    request: async (w) => ({ url: `/api/v1/notification-settings/${await managersRule(w)}/` }),
    expect: OWNER_ONLY,
  },
  {
    method: 'PATCH',
    route: '/api/v1/notification-settings/{id}/',
    target,
    request: async (w) => ({
      url: `/api/v1/notification-settings/${await managersRule(w)}/`,
      payload: { x: 2 },
    }),
    expect: OWNER_ONLY,
  },
  {
    method: 'DELETE',
    route: '/api/v1/notification-settings/{id}/',
    target,
    request: async (w) => ({ url: `/api/v1/notification-settings/${await managersRule(w)}/` }),
    expect: OWNER_ONLY,
  },
];
