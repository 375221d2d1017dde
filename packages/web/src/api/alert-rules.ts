import { queryOptions } from '@tanstack/react-query';
import {
  ALERT_RULES_PAGE_SIZE,
  type AlertRule,
  type AlertRulePatch,
  AlertRuleSchema,
  AlertRulesPageSchema,
  type Device,
  DeviceSchema,
  type Paginated,
  paginatedSchema,
} from '@vigil/contracts';
import { api, ignoreBody } from './client';

/** What the form sends: every field, contact_when as text and devices as id strings (wire-formats.md). */
export type AlertRuleBody = Required<Omit<AlertRulePatch, 'contact_when' | 'devices' | 'periodical'>> & {
  contact_when: '0' | '2' | '3';
  devices: string[];
};

export type AlertRuleListParams = { page: number; search?: string };

/** Query keys of the e-mail alert rules; invalidating `all` refreshes the list, the rules and the device choices. */
export const alertRuleKeys = {
  all: ['alert-rules'] as const,
  list: (params: AlertRuleListParams) => [...alertRuleKeys.all, 'list', params] as const,
  one: (id: number) => [...alertRuleKeys.all, 'one', id] as const,
  deviceChoices: (search: string) => [...alertRuleKeys.all, 'devices', search] as const,
};

export function alertRulesQuery(params: AlertRuleListParams) {
  return queryOptions({
    queryKey: alertRuleKeys.list(params),
    queryFn: ({ signal }) => listAlertRules(params, signal),
  });
}

export function alertRuleQuery(id: number) {
  return queryOptions({ queryKey: alertRuleKeys.one(id), queryFn: ({ signal }) => getAlertRule(id, signal) });
}

/** The rule form's device choices for what was typed (searched on the server). */
export function ruleDeviceChoicesQuery(search: string) {
  return queryOptions({
    queryKey: alertRuleKeys.deviceChoices(search),
    queryFn: ({ signal }) => listChoosableDevices(search, signal),
  });
}

/** GET notification-settings/?limit&offset&search: one page of 20 (A section 9). */
export function listAlertRules(
  { page, search }: AlertRuleListParams,
  signal?: AbortSignal,
): Promise<Paginated<AlertRule>> {
  return api.get('notification-settings/', {
    query: { limit: ALERT_RULES_PAGE_SIZE, offset: (page - 1) * ALERT_RULES_PAGE_SIZE, search },
    parse: AlertRulesPageSchema.parse,
    signal,
  });
}

export function getAlertRule(id: number, signal?: AbortSignal): Promise<AlertRule> {
  return api.get(`notification-settings/${id}/`, { parse: AlertRuleSchema.parse, signal });
}

/** POST notification-settings/ (201). */
export function createAlertRule(body: AlertRuleBody): Promise<AlertRule> {
  return api.post('notification-settings/', { body, parse: AlertRuleSchema.parse });
}

/** PATCH notification-settings/{id}/ (200). */
export function updateAlertRule(id: number, body: AlertRuleBody): Promise<AlertRule> {
  return api.patch(`notification-settings/${id}/`, { body, parse: AlertRuleSchema.parse });
}

/** DELETE notification-settings/{id}/ (204). */
export function deleteAlertRule(id: number): Promise<void> {
  return api.delete(`notification-settings/${id}/`, { parse: ignoreBody });
}

/** How many devices the rule form offers at once; typing narrows them (search on the server). */
export const RULE_DEVICE_CHOICES = 100;
const DevicePageSchema = paginatedSchema(DeviceSchema);

/** GET devices/all/?search: the devices the person may see, the rule form's choices. */
export function listChoosableDevices(search: string, signal?: AbortSignal): Promise<Paginated<Device>> {
  return api.get('devices/all/', {
    query: { limit: RULE_DEVICE_CHOICES, search: search.trim() || undefined },
    parse: DevicePageSchema.parse,
    signal,
  });
}
