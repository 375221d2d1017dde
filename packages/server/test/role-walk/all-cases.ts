import { accountsCases, LOGOUT_ROUTES } from './accounts.cases';
import { alertRulesCases } from './alert-rules.cases';
import { analyticsCases } from './analytics.cases';
import { auditCases } from './audit.cases';
import { caseLabel, EVERY_SIGNED_IN, type RouteCase } from './cases';
import { clientsCases } from './clients.cases';
import { devicesCases } from './devices.cases';
import { escalationCases } from './escalation.cases';
import { graphPanelCases } from './graph-panel.cases';
import { graphsCases } from './graphs.cases';
import { maintenanceCases } from './maintenance.cases';
import { notificationsCases } from './notifications.cases';
import { oemCases, outboxCases } from './oem.cases';
import { proofTestsCases } from './proof-tests.cases';
import { registrationCases } from './registration.cases';
import { sensorSettingsCases } from './sensor-settings.cases';
import { sharedPersonCases } from './shared-person.cases';
import { shelvingCases } from './shelving.cases';
import { sitesCases, usersCases } from './sites.cases';
import { twoFactorCases } from './two-factor.cases';
import { visualDashboardCases } from './visual-dashboard.cases';
import { warningsCases } from './warnings.cases';

/** Every API route with its expected outcome per role: the executable form of docs/permissions.md. */
export const ALL_CASES: RouteCase[] = [
  ...accountsCases,
  ...registrationCases,
  ...twoFactorCases,
  ...clientsCases,
  ...sitesCases,
  ...usersCases,
  ...sharedPersonCases,
  ...devicesCases,
  ...maintenanceCases,
  ...proofTestsCases,
  ...warningsCases,
  ...alertRulesCases,
  ...notificationsCases,
  ...escalationCases,
  ...shelvingCases,
  ...sensorSettingsCases,
  ...graphsCases,
  ...graphPanelCases,
  ...analyticsCases,
  ...auditCases,
  ...oemCases,
  ...outboxCases,
  ...visualDashboardCases,
];

export { LOGOUT_ROUTES };

const HEADER = [
  "| call | super user | OEM | accounts management | manager | engineer | user | other client's manager | visitor |",
  '|---|---|---|---|---|---|---|---|---|',
];

/** The permission table as markdown rows, in case order (logout included). */
export function permissionTableLines(): string[] {
  const rows = [
    ...ALL_CASES.map((c) => ({ call: caseLabel(c), row: c.expect })),
    ...LOGOUT_ROUTES.map((route) => ({ call: `POST ${route}`, row: EVERY_SIGNED_IN })),
  ];
  return [
    ...HEADER,
    ...rows.map(
      ({ call, row }) => `| ${call} | ${row.map((o) => (o === 'allow' ? 'yes' : 'no')).join(' | ')} |`,
    ),
  ];
}
