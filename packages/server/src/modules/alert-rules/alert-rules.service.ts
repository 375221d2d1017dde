import {
  ALERT_EVENT_TYPE_LABELS,
  ALERT_EVENT_TYPES,
  ALERT_RULE_MAX_PER_PERSON,
  ALERT_RULE_MESSAGES,
  type AlertRule,
  type AlertRuleCreate,
  type AlertRulePatch,
  alertRuleProblems,
} from '@vigil/contracts';
import { isStaffUser, managedClientIds } from '../../access/access';
import type { Database } from '../../db/database';
import type { Page } from '../../db/page';
import type { AlertRuleRow } from '../../db/tables/alert-rules.table';
import type { UserRow } from '../../db/tables/users.table';
import { AppError, notFound } from '../../errors';
import type { DomainEventPublisher } from '../../events/domain-events';
import { alertRuleAuditValues, recordAlertRuleChange } from './alert-rule-audit';
import type { AlertRuleValues, DeviceVisibility, RuleDevice } from './alert-rules.repo';
import * as alertRulesRepo from './alert-rules.repo';

/** The repositories the service calls: the real modules, or fakes in a test of a rule. */
const REPOSITORIES = { alertRules: alertRulesRepo };
export type AlertRulesRepositories = typeof REPOSITORIES;
export type AlertRulesDeps = {
  db: Database;
  /** The audit trail hears each rule created, changed or deleted (`change-recorded`, in the transaction). */
  events: DomainEventPublisher;
  repos?: AlertRulesRepositories;
  now?: () => Date;
};

export type AlertRulesList = { count: number; results: AlertRule[] };

/** The whole rule a save stores: the body after defaults, or the stored rule with the PATCH merged in. */
type RuleInput = Omit<AlertRuleCreate, 'periodical'>;

/**
 * A person's e-mail alert rules (A sections 2, 3, 5, 7 and 9; docs/alert-rules.md). Every signed-in person
 * has their own; nobody sees or changes another's (404). Named devices must be ones the person sees.
 */
export class AlertRulesService {
  private readonly now: () => Date;
  private readonly repos: AlertRulesRepositories;

  constructor(private readonly deps: AlertRulesDeps) {
    this.now = deps.now ?? (() => new Date());
    this.repos = deps.repos ?? REPOSITORIES;
  }

  /** GET notification-settings/: one page of the person's rules, searched by event label, devices, contact. */
  async list(user: UserRow, search: string | undefined, page: Page): Promise<AlertRulesList> {
    const text = search?.trim() ?? '';
    const lower = text.toLowerCase();
    const eventTypes = ALERT_EVENT_TYPES.filter((type) =>
      ALERT_EVENT_TYPE_LABELS[type].toLowerCase().includes(lower),
    );
    const { count, rows } = await this.repos.alertRules.findRulesPage(
      this.deps.db,
      user.id,
      text === '' ? undefined : { text, eventTypes },
      page,
    );
    return { count, results: await this.itemsOf(user, rows) };
  }

  /** GET notification-settings/{id}/. */
  async get(user: UserRow, id: number): Promise<AlertRule> {
    const row = await this.ownRule(user, id);
    const [item] = await this.itemsOf(user, [row]);
    return item as AlertRule;
  }

  /**
   * POST notification-settings/: the body was checked by its schema; the devices are checked here. A person keeps
   * at most ALERT_RULE_MAX_PER_PERSON rules (each may write to any address).
   */
  async create(user: UserRow, body: AlertRuleCreate): Promise<AlertRule> {
    const { values, deviceIds } = await this.storable(user, body);
    const row = await this.deps.db.transaction(async (tx) => {
      const inserted = await this.repos.alertRules.insertRuleWithin(
        tx,
        user.id,
        values,
        deviceIds,
        ALERT_RULE_MAX_PER_PERSON,
      );
      if (inserted !== undefined) {
        await recordAlertRuleChange(this.deps.events, tx, {
          actor: user,
          kind: 'email-rule.created',
          ruleId: inserted.id,
          before: null,
          after: alertRuleAuditValues(inserted, deviceIds),
        });
      }
      return inserted;
    });
    if (row === undefined) {
      throw AppError.validation({ non_field_errors: [ALERT_RULE_MESSAGES.tooManyRules] });
    }
    return this.get(user, row.id);
  }

  /** PATCH notification-settings/{id}/: merges the fields sent into the stored rule and checks the whole. */
  async update(user: UserRow, id: number, patch: AlertRulePatch): Promise<AlertRule> {
    const stored = await this.ownRule(user, id);
    const merged: RuleInput = {
      delivery_method: patch.delivery_method ?? 'Email',
      send_to_alternative: patch.send_to_alternative ?? stored.sendToAlternative,
      alternative_contact:
        patch.alternative_contact === undefined ? stored.alternativeContact : patch.alternative_contact,
      event_type: patch.event_type ?? stored.eventType,
      contact_when: patch.contact_when ?? stored.contactWhen,
      x: patch.x ?? stored.x,
      all_devices: patch.all_devices ?? stored.allDevices,
      number_per_hour: patch.number_per_hour ?? stored.numberPerHour,
      devices: patch.devices ?? (await this.storedDeviceIds(user, stored)),
    };
    const problems = alertRuleProblems(merged);
    if (Object.keys(problems).length > 0) {
      throw AppError.validation(problems);
    }
    const { values, deviceIds } = await this.storable(user, merged);
    const storedDevices = await this.storedDeviceIds(user, stored);
    const row = await this.deps.db.transaction(async (tx) => {
      const updated = await this.repos.alertRules.updateRule(tx, user.id, id, values, deviceIds, this.now());
      if (updated !== undefined) {
        const [was, is] = [
          alertRuleAuditValues(stored, storedDevices),
          alertRuleAuditValues(updated, deviceIds),
        ];
        if (JSON.stringify(was) !== JSON.stringify(is)) {
          const change = {
            actor: user,
            kind: 'email-rule.changed' as const,
            ruleId: id,
            before: was,
            after: is,
          };
          await recordAlertRuleChange(this.deps.events, tx, change);
        }
      }
      return updated;
    });
    if (row === undefined) {
      throw notFound();
    }
    return this.get(user, row.id);
  }

  /** DELETE notification-settings/{id}/. */
  async remove(user: UserRow, id: number): Promise<void> {
    const stored = await this.ownRule(user, id);
    const storedDevices = await this.storedDeviceIds(user, stored);
    const gone = await this.deps.db.transaction(async (tx) => {
      const deleted = await this.repos.alertRules.deleteRule(tx, user.id, id);
      if (deleted) {
        await recordAlertRuleChange(this.deps.events, tx, {
          actor: user,
          kind: 'email-rule.deleted',
          ruleId: id,
          before: alertRuleAuditValues(stored, storedDevices),
          after: null,
        });
      }
      return deleted;
    });
    if (!gone) {
      throw notFound();
    }
  }

  private async ownRule(user: UserRow, id: number): Promise<AlertRuleRow> {
    const row = await this.repos.alertRules.getRuleOfUser(this.deps.db, user.id, id);
    if (row === undefined) {
      throw notFound();
    }
    return row;
  }

  /** The stored devices the person still sees (a PATCH without devices keeps these). */
  private async storedDeviceIds(user: UserRow, row: AlertRuleRow): Promise<number[]> {
    const byRule = await this.repos.alertRules.findRuleDevices(
      this.deps.db,
      [row.id],
      await this.visibilityOf(user),
    );
    return (byRule.get(row.id) ?? []).map((device) => device.id);
  }

  /** Columns and device ids to store; 400 naming the first device the person does not see. */
  private async storable(
    user: UserRow,
    rule: RuleInput,
  ): Promise<{ values: AlertRuleValues; deviceIds: number[] }> {
    // All Devices covers every device the person sees, now and later: a list beside it means nothing.
    const deviceIds = rule.all_devices ? [] : [...new Set(rule.devices)];
    const seen = await this.repos.alertRules.findVisibleDeviceIds(
      this.deps.db,
      deviceIds,
      await this.visibilityOf(user),
    );
    const unseen = deviceIds.find((id) => !seen.has(id));
    if (unseen !== undefined) {
      throw AppError.validation({ devices: [ALERT_RULE_MESSAGES.unknownDevice(unseen)] });
    }
    const values: AlertRuleValues = {
      deliveryMethod: rule.delivery_method,
      sendToAlternative: rule.send_to_alternative,
      alternativeContact: rule.alternative_contact,
      eventType: rule.event_type,
      contactWhen: rule.contact_when,
      periodical: rule.contact_when === 3,
      x: rule.x,
      allDevices: rule.all_devices,
      numberPerHour: rule.number_per_hour,
    };
    return { values, deviceIds };
  }

  private async visibilityOf(user: UserRow): Promise<DeviceVisibility> {
    if (isStaffUser(user)) {
      return undefined;
    }
    return { userId: user.id, managedClientIds: (await managedClientIds(this.deps.db, user)) ?? [] };
  }

  private async itemsOf(user: UserRow, rows: AlertRuleRow[]): Promise<AlertRule[]> {
    const byRule = await this.repos.alertRules.findRuleDevices(
      this.deps.db,
      rows.map((row) => row.id),
      await this.visibilityOf(user),
    );
    return rows.map((row) => toAlertRuleJson(row, byRule.get(row.id) ?? []));
  }
}

/** A stored rule as the wire carries it (contact_when as text, devices as objects). */
function toAlertRuleJson(row: AlertRuleRow, devices: readonly RuleDevice[]): AlertRule {
  return {
    id: row.id,
    delivery_method: 'Email',
    send_to_alternative: row.sendToAlternative,
    alternative_contact: row.alternativeContact,
    event_type: row.eventType,
    contact_when: String(row.contactWhen) as AlertRule['contact_when'],
    periodical: row.periodical,
    x: row.x,
    all_devices: row.allDevices,
    number_per_hour: row.numberPerHour,
    devices: devices.map((device) => ({
      id: device.id,
      title: device.title,
      udf_id: device.udfId,
      device_type: device.deviceType,
      is_online: device.isOnline,
    })),
    date_created: row.dateCreated.toISOString(),
    date_updated: row.dateUpdated.toISOString(),
  };
}
