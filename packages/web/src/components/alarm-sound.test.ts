import type { NotificationPush, NotificationPushItem, NotificationType } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../auth/session-storage';
import { playAlarm, readMuted, shouldSound, writeMuted } from './alarm-sound';

function pushOf(...types: NotificationType[]): NotificationPush {
  return {
    device: 'Kiln',
    location: 'Mill',
    count: types.length,
    notifications: types.map((type, index) => ({ type, pk: index + 1 }) as NotificationPushItem),
  };
}

describe('alarm sound', () => {
  it('sounds for alarm_on and warning_on pushes only, never when muted', () => {
    expect(shouldSound(pushOf('alarm_on'), false)).toBe(true);
    expect(shouldSound(pushOf('device_online', 'warning_on'), false)).toBe(true);
    expect(shouldSound(pushOf('alarm_off', 'warning_off', 'maintenance'), false)).toBe(false);
    expect(shouldSound(pushOf(), false)).toBe(false);
    expect(shouldSound(pushOf('alarm_on'), true)).toBe(false);
  });

  it('remembers the mute switch in storage', () => {
    const store = createMemoryStore();
    expect(readMuted(store)).toBe(false);
    writeMuted(true, store);
    expect(readMuted(store)).toBe(true);
    writeMuted(false, store);
    expect(readMuted(store)).toBe(false);
  });

  it('plays nothing and throws nothing where there is no Web Audio', () => {
    expect(playAlarm()).toBe(false);
  });
});
