import { badgeText } from '@vigil/contracts';

/** What the bell's badge shows: nothing at 0, else the count, '999+' above 999 (A section 9). */
export function bellBadge(unreadCount: number): string | null {
  return unreadCount > 0 ? badgeText(unreadCount) : null;
}
