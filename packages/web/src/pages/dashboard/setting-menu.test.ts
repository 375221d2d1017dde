import { describe, expect, it } from 'vitest';
import { settingMenuOf } from './setting-menu';

const keysOf = (input: Parameters<typeof settingMenuOf>[0]) => settingMenuOf(input).map((item) => item.key);

describe("the dashboard's Setting menu", () => {
  it('offers a plain User only what they may open: Sensor Names (read-only), not Sensor Images or Warnings', () => {
    expect(keysOf({ canEdit: false, isSuperuser: false, mode: 'live', deviceType: '0300' })).toEqual([
      'names',
    ]);
  });

  it('offers an editor Warnings, Sensor Names and Sensor Images, and Sensor Settings on types 0005 and 0006', () => {
    expect(keysOf({ canEdit: true, isSuperuser: false, mode: 'live', deviceType: '0006' })).toEqual([
      'warnings',
      'names',
      'images',
      'types',
    ]);
  });

  it('offers Fix Notification to the super user only, never on a snapshot', () => {
    expect(keysOf({ canEdit: true, isSuperuser: true, mode: 'live', deviceType: 'F500' })).toContain('fix');
    expect(keysOf({ canEdit: true, isSuperuser: true, mode: 'snapshot', deviceType: 'F500' })).not.toContain(
      'fix',
    );
    expect(keysOf({ canEdit: true, isSuperuser: false, mode: 'live', deviceType: 'F500' })).not.toContain(
      'fix',
    );
  });
});
