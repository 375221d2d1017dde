import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { MailStatus } from '@vigil/contracts';
import { useState } from 'react';
import { outboxQuery } from '../../api/outbox';

export type StatusFilter = MailStatus | 'all';

/** The mail outbox: the status filter, the page, and which message the drawer shows. */
export function useOutboxPage() {
  const [filter, setFilter] = useState<StatusFilter>('all');
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<number | null>(null);
  const status = filter === 'all' ? undefined : filter;
  const mails = useQuery({ ...outboxQuery({ page, status }), placeholderData: keepPreviousData });
  return {
    mails,
    filter,
    changeFilter: (value: StatusFilter) => {
      setFilter(value);
      setPage(1);
    },
    page,
    setPage,
    openId,
    openMail: setOpenId,
    closeMail: () => setOpenId(null),
  };
}
