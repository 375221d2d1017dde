import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { markNotificationsRead, notificationKeys } from '../../api/notifications';

/** Opening /notifications/all marks everything up to now read (POST notifications/read/); the badge goes to 0. */
export function useMarkReadOnOpen(isAll: boolean, visit: string): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!isAll || visit === '') {
      return;
    }
    markNotificationsRead().then(
      () => queryClient.setQueryData(notificationKeys.unreadCount(), 0),
      // The client already stored the message; the badge keeps its count and the log still shows.
      () => undefined,
    );
  }, [isAll, visit, queryClient]);
}
