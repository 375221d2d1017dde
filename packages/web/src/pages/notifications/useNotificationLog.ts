import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { NOTIFICATIONS_TABLE_PAGE_SIZE, type NotificationPush } from '@vigil/contracts';
import { useCallback, useState } from 'react';
import { type NotificationPage, notificationKeys, notificationsQuery } from '../../api/notifications';
import { usePushes } from '../../components/notifications-socket';
import { listQueryOf, type NotificationFilters } from './notification-filters';
import { type LiveRows, mergePush } from './notification-merge';
import { type NotificationRow, rowFromItem } from './notification-rows';

type Live = { source: NotificationPage | undefined; value: LiveRows };

function liveOf(source: NotificationPage | undefined): Live {
  return {
    source,
    value: { rows: source?.results.map(rowFromItem) ?? [], countDelta: 0, closedSome: false },
  };
}

/**
 * One page of the log (25 rows, server paging) with the socket's pushes merged in (M section 4); in the
 * Historical tab a closed alarm brings the page again, so its row comes back with its duration.
 */
export function useNotificationLog(filters: NotificationFilters, page: number, timeZone: string) {
  const queryClient = useQueryClient();
  const query = listQueryOf(filters, page, timeZone);
  const list = useQuery({ ...notificationsQuery(query), placeholderData: keepPreviousData });
  const [live, setLive] = useState<Live>(() => liveOf(list.data));
  let current = live;
  if (live.source !== list.data) {
    current = liveOf(list.data);
    setLive(current);
  }

  const onPush = useCallback(
    (push: NotificationPush) => {
      if (push.notifications.length === 0) {
        return;
      }
      setLive((previous) => ({
        source: previous.source,
        value: mergePush(previous.value, push.notifications, filters, page === 1),
      }));
      if (filters.tab === 'historical' && push.notifications.some((item) => item.forebear_pk !== null)) {
        void queryClient.invalidateQueries({
          queryKey: notificationKeys.list(listQueryOf(filters, page, timeZone)),
        });
      }
    },
    [filters, page, queryClient, timeZone],
  );
  usePushes(onPush);

  const rows: NotificationRow[] = current.value.rows.slice(0, NOTIFICATIONS_TABLE_PAGE_SIZE);
  const count = list.data === undefined ? undefined : Math.max(0, list.data.count + current.value.countDelta);
  return { list, rows, count };
}
