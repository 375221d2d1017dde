import { describe, expect, it } from 'vitest';
import { activeNavKey, buildNavItems } from './nav-items';

const assignedUser = {
  is_superuser: false,
  is_oem: false,
  is_accounts_management: false,
  is_manager: false,
  current_location: null,
  visual_dashboard_enabled: true,
};

describe('buildNavItems', () => {
  it('lists the sidebar in the order of the spec for a super user', () => {
    const keys = buildNavItems({ ...assignedUser, is_superuser: true }, false).map((item) => item.key);
    expect(keys).toEqual([
      'clients',
      'sites',
      'devices',
      'dashboard',
      'graphs',
      'notifications',
      'email-alerts',
      'analytics',
      'audit',
      'visual-dashboard',
      'oem-settings',
    ]);
  });

  it('hides Clients, Analytics and OEM Settings from other users', () => {
    const keys = buildNavItems(assignedUser, false).map((item) => item.key);
    expect(keys).not.toContain('clients');
    expect(keys).not.toContain('analytics');
    expect(keys).not.toContain('oem-settings');
  });

  it('shows OEM Settings only while the sidebar is expanded', () => {
    const keys = buildNavItems({ ...assignedUser, is_oem: true }, true).map((item) => item.key);
    expect(keys).toContain('clients');
    expect(keys).not.toContain('oem-settings');
  });

  it('points the visual dashboard at the current site, or at the page asking for one', () => {
    const find = (items: ReturnType<typeof buildNavItems>) =>
      items.find((item) => item.key === 'visual-dashboard')?.path;
    expect(find(buildNavItems(assignedUser, false))).toBe('/visual-dashboard');
    const withSite = {
      ...assignedUser,
      current_location: { id: 12, title: 'North Mill', timezone: 'Europe/Berlin' },
    };
    expect(find(buildNavItems(withSite, false))).toBe('/visual-dashboard/site/12/schemas/');
  });

  it('leaves out the Visual Dashboard for users without visual_dashboard_enabled', () => {
    const keys = buildNavItems({ ...assignedUser, visual_dashboard_enabled: false }, false).map(
      (item) => item.key,
    );
    expect(keys).not.toContain('visual-dashboard');
    const staffKeys = buildNavItems(
      { ...assignedUser, is_superuser: true, visual_dashboard_enabled: false },
      false,
    ).map((item) => item.key);
    expect(staffKeys).not.toContain('visual-dashboard');
  });

  it('shows the Audit Trail to managers, accounts management and staff only', () => {
    const hasAudit = (user: typeof assignedUser) =>
      buildNavItems(user, false).some((item) => item.key === 'audit' && item.path === '/audit');
    expect(hasAudit(assignedUser)).toBe(false);
    expect(hasAudit({ ...assignedUser, is_manager: true })).toBe(true);
    expect(hasAudit({ ...assignedUser, is_accounts_management: true })).toBe(true);
    expect(hasAudit({ ...assignedUser, is_oem: true })).toBe(true);
  });

  it('opens the notification log from now on', () => {
    const notifications = buildNavItems(assignedUser, false).find((item) => item.key === 'notifications');
    expect(notifications?.path).toBe('/notifications/all?timestamp=now');
  });
});

describe('activeNavKey', () => {
  it('maps screens to their sidebar entry', () => {
    expect(activeNavKey('/clients/add/client/3')).toBe('clients');
    expect(activeNavKey('/dashboard/historical/snapshot/123')).toBe('dashboard');
    expect(activeNavKey('/edit/sensor/names')).toBe('dashboard');
    expect(activeNavKey('/user/setting/add/notification/4')).toBe('email-alerts');
    expect(activeNavKey('/settings/rss/edit')).toBe('oem-settings');
    expect(activeNavKey('/user/setting')).toBeNull();
  });
});
