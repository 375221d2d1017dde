import type { NotificationPush } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import { pushItem } from '../../test/notification-test-data';
import { createMemoryStore } from '../auth/session-storage';
import { shouldSound } from './alarm-sound';
import { toastsOf } from './notification-toasts';
import {
  announcedPush,
  readOtherSitesSilenced,
  type ToastScope,
  writeOtherSitesSilenced,
} from './toast-scope';

const everySite: ToastScope = { siteInView: 2, isOtherSitesSilenced: false };
const thisSiteOnly: ToastScope = { siteInView: 2, isOtherSitesSilenced: true };

const push = (...items: NotificationPush['notifications']): NotificationPush => ({
  device: 'Conveyor 3',
  location: 'Mill',
  count: items.length,
  notifications: items,
});

describe('which notifications interrupt the person', () => {
  it('raises no toast and no sound for the alarm a maintenance test forced on the sensor under test', () => {
    const forced = announcedPush(push(pushItem(1, { in_maintenance_test: true })), everySite);
    expect(toastsOf(forced)).toEqual([]);
    expect(shouldSound(forced, false)).toBe(false);
    // A real alarm in the same push still interrupts.
    const mixed = announcedPush(push(pushItem(1, { in_maintenance_test: true }), pushItem(2)), everySite);
    expect(toastsOf(mixed).map((toast) => toast.key)).toEqual(['notification-2']);
    expect(shouldSound(mixed, false)).toBe(true);
  });

  it('raises no toast and no sound for the alarm of a shelved sensor (issue 27)', () => {
    const shelved = announcedPush(push(pushItem(1, { shelved: true })), everySite);
    expect(toastsOf(shelved)).toEqual([]);
    expect(shouldSound(shelved, false)).toBe(false);
    const mixed = announcedPush(push(pushItem(1, { shelved: true }), pushItem(2)), everySite);
    expect(toastsOf(mixed).map((toast) => toast.key)).toEqual(['notification-2']);
  });

  it('keeps other sites quiet only when the person silenced them', () => {
    const elsewhere = push(pushItem(1, { location_pk: 9, location: 'Quarry' }));
    expect(toastsOf(announcedPush(elsewhere, everySite))).toHaveLength(1);
    expect(toastsOf(announcedPush(elsewhere, thisSiteOnly))).toEqual([]);
    expect(shouldSound(announcedPush(elsewhere, thisSiteOnly), false)).toBe(false);
    expect(toastsOf(announcedPush(push(pushItem(2)), thisSiteOnly))).toHaveLength(1);
  });

  it('tells about every site while no site is chosen', () => {
    const elsewhere = push(pushItem(1, { location_pk: 9 }));
    expect(toastsOf(announcedPush(elsewhere, { siteInView: null, isOtherSitesSilenced: true }))).toHaveLength(
      1,
    );
  });

  it('remembers the choice in this browser', () => {
    const store = createMemoryStore();
    expect(readOtherSitesSilenced(store)).toBe(false);
    writeOtherSitesSilenced(true, store);
    expect(readOtherSitesSilenced(store)).toBe(true);
  });
});
