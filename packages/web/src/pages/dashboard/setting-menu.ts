import type { DashboardMode } from './dashboard-context';

/** Device types whose Sensor Settings screen exists (M section 2). */
const SENSOR_SETTINGS_TYPES = ['0005', '0006'];

export type SettingMenuKey = 'warnings' | 'names' | 'images' | 'fix' | 'types';

const LABELS: Record<SettingMenuKey, string> = {
  warnings: 'Warnings',
  names: 'Sensor Names',
  images: 'Sensor Images',
  fix: 'Fix Notification',
  types: 'Sensor Settings',
};

type SettingMenuInput = { canEdit: boolean; isSuperuser: boolean; mode: DashboardMode; deviceType: string };

/**
 * The dashboard's Setting dropdown (M section 2) for this person: Warnings and Sensor Images only with edit
 * access (both screens send everyone else back to the dashboard, M sections 2 and 6); Sensor Names for all
 * (read-only without edit access); Fix Notification for the super user, not on a snapshot; Sensor Settings for
 * types 0005 and 0006.
 */
export function settingMenuOf(input: SettingMenuInput): Array<{ key: SettingMenuKey; label: string }> {
  const keys: Array<SettingMenuKey | false> = [
    input.canEdit && 'warnings',
    'names',
    input.canEdit && 'images',
    input.isSuperuser && input.mode !== 'snapshot' && 'fix',
    SENSOR_SETTINGS_TYPES.includes(input.deviceType) && 'types',
  ];
  return keys
    .filter((key): key is SettingMenuKey => key !== false)
    .map((key) => ({ key, label: LABELS[key] }));
}

/** Fix Notification clears the device's open notifications for everyone: it is confirmed first. */
export const FIX_NOTIFICATION_CONFIRM = {
  title: 'Fix notifications of this device?',
  content:
    "Every open alarm and warning notification of this device is closed for everyone who sees it. This can't be undone.",
  okText: 'Fix notifications',
} as const;
