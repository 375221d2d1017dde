import type { NotificationPush, NotificationPushItem } from '@vigil/contracts';
import type { KeyValueStore } from '../auth/session-storage';
import { readRememberedFlag, writeRememberedFlag } from './remembered-flag';

/**
 * Which pushed notifications a person is told about with a toast and the alarm sound (issue 23). The log and
 * the bell's count are unchanged; only the interruption is spared.
 */

/** The person's choice to hear only about the site in view, kept in this browser (as the mute switch). */
export const OTHER_SITES_SILENCED_KEY = 'vigil.toasts-other-sites-silenced';

export const readOtherSitesSilenced = (store?: KeyValueStore): boolean =>
  readRememberedFlag(OTHER_SITES_SILENCED_KEY, store);

export const writeOtherSitesSilenced = (isSilenced: boolean, store?: KeyValueStore): void =>
  writeRememberedFlag(OTHER_SITES_SILENCED_KEY, isSilenced, store);

export type ToastScope = {
  /** The site the person has chosen (the one whose pages are in view); null before one is chosen. */
  siteInView: number | null;
  isOtherSitesSilenced: boolean;
};

/**
 * Whether a notification interrupts the person: never the alarm a maintenance test forced on the sensor under
 * test, nor the alarm or warning of a shelved sensor (issue 27; the server marks both), and, when the person silenced other sites, only notifications of the site in view.
 */
export function isAnnounced(item: NotificationPushItem, scope: ToastScope): boolean {
  if (item.in_maintenance_test === true || item.shelved === true) {
    return false;
  }
  return !scope.isOtherSitesSilenced || scope.siteInView === null || item.location_pk === scope.siteInView;
}

/** The push with only the notifications that interrupt the person (for its toasts and sound). */
export function announcedPush(push: NotificationPush, scope: ToastScope): NotificationPush {
  return { ...push, notifications: push.notifications.filter((item) => isAnnounced(item, scope)) };
}
