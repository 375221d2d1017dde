import type { Permission } from '@vigil/contracts';
import type { NewAlertRuleRow } from '../db/tables/alert-rules.table';
import type { RoleFlagsInput } from '../modules/users/users.service';

/** One password for every demo account; it meets the password rules and is printed at start-up. */
export const DEMO_PASSWORD = 'Conveyor-2026';

export type DemoSite = { key: string; title: string; address: string; timezone: string };
export type DemoClient = {
  number: number;
  company: string;
  fullName: string;
  email: string;
  phone: string;
  address: string;
  sites: DemoSite[];
};
export type DemoUser = {
  email: string;
  fullName: string;
  role: string;
  roles: RoleFlagsInput;
  client?: number;
  sites?: Array<{ key: string; permission: Permission }>;
  /** E-mail alert rules the person starts with (the demo's e-mails land in the outbox, /outbox for super users). */
  alertRules?: Array<
    Pick<NewAlertRuleRow, 'eventType' | 'contactWhen' | 'x' | 'allDevices' | 'numberPerHour'>
  >;
};

export const DEMO_CLIENTS: DemoClient[] = [
  {
    number: 1001,
    company: 'Northfield Grain Co.',
    fullName: 'Hannah Price',
    email: 'accounts@northfield.demo',
    phone: '+1 402 555 0110',
    address: '1200 Elevator Road, Columbus, NE 68601',
    sites: [
      {
        key: 'main',
        title: 'Main Elevator',
        address: '1200 Elevator Road, Columbus, NE',
        timezone: 'America/Chicago',
      },
      {
        key: 'river',
        title: 'River Terminal',
        address: '8 Dock Street, Omaha, NE',
        timezone: 'America/Chicago',
      },
    ],
  },
  {
    number: 1002,
    company: 'Harbor Feed Mills',
    fullName: 'Tom Becker',
    email: 'accounts@harborfeed.demo',
    phone: '+44 1482 555 020',
    address: 'Quay 4, Hull HU1 1XX',
    sites: [{ key: 'harbor', title: 'Harbor Mill', address: 'Quay 4, Hull', timezone: 'Europe/London' }],
  },
];

/**
 * Everyone who sees Northfield's Main Elevator has the visual dashboard (its plant is published there,
 * demo-plant.ts); Harbor's manager has not, so the demo also shows the dashboard's gate (e2e visual-dashboard).
 */
export const DEMO_USERS: DemoUser[] = [
  {
    email: 'admin@vigil.demo',
    fullName: 'Sam Super',
    role: 'Super user',
    roles: { isSuperuser: true, visualDashboardEnabled: true },
  },
  {
    email: 'oem@vigil.demo',
    fullName: 'Olivia Maker',
    role: 'OEM',
    roles: { isOem: true, visualDashboardEnabled: true },
  },
  {
    email: 'accounts@northfield.demo',
    fullName: 'Hannah Price',
    role: 'Accounts management (Northfield)',
    roles: { isAccountsManagement: true, visualDashboardEnabled: true },
    client: 1001,
    sites: [
      { key: 'main', permission: 'Manager' },
      { key: 'river', permission: 'Manager' },
    ],
  },
  {
    email: 'manager@northfield.demo',
    fullName: 'Marco Reyes',
    role: 'Manager (Northfield, both sites)',
    roles: { isManager: true, visualDashboardEnabled: true },
    client: 1001,
    sites: [
      { key: 'main', permission: 'Manager' },
      { key: 'river', permission: 'Manager' },
    ],
    alertRules: [
      { eventType: 'alarm', contactWhen: 0, x: 1, allDevices: true, numberPerHour: 4 },
      { eventType: 'warning', contactWhen: 2, x: 5, allDevices: true, numberPerHour: 0 },
    ],
  },
  {
    email: 'engineer@northfield.demo',
    fullName: 'Erin Walsh',
    role: 'Engineer (Northfield, Main Elevator)',
    roles: { isEngineer: true, visualDashboardEnabled: true },
    client: 1001,
    sites: [{ key: 'main', permission: 'Engineer' }],
  },
  {
    email: 'user@northfield.demo',
    fullName: 'Uma Patel',
    role: 'User (Northfield, Main Elevator)',
    roles: { visualDashboardEnabled: true },
    client: 1001,
    sites: [{ key: 'main', permission: 'User' }],
  },
  {
    email: 'manager@harborfeed.demo',
    fullName: 'Tom Becker',
    role: 'Manager (Harbor Feed Mills)',
    roles: { isManager: true, isAccountsManagement: true },
    client: 1002,
    sites: [{ key: 'harbor', permission: 'Manager' }],
  },
];
