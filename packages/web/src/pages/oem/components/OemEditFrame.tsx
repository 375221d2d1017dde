import type { UseQueryResult } from '@tanstack/react-query';
import { Spin, Typography } from 'antd';
import type { ReactNode } from 'react';
import { NoticeAlert } from '../../../components/NoticeAlert';
import type { Notice } from '../../../hooks/useNotice';
import { OemLoadError } from './OemLoadError';

type OemEditFrameProps<T> = {
  title: string;
  /** What the page edits, as loaded from the server. */
  query: UseQueryResult<T>;
  /** The alert after a save (and the logo's upload). */
  notice: Notice | null;
  alertTestId: string;
  /** The forms, once the data is loaded. */
  children: (data: T) => ReactNode;
};

/**
 * The frame of the OEM edit pages (A section 2 'OEM settings'): title, the load error with Retry, the save
 * alert, a spinner while loading, then the page's forms with the loaded data.
 */
export function OemEditFrame<T>({ title, query, notice, alertTestId, children }: OemEditFrameProps<T>) {
  return (
    <div className="page">
      <Typography.Title level={3} className="page-title">
        {title}
      </Typography.Title>
      {query.isError ? (
        <OemLoadError isRetrying={query.isFetching} onRetry={() => void query.refetch()} />
      ) : null}
      <NoticeAlert notice={notice} testId={alertTestId} />
      {query.isPending ? <Spin /> : null}
      {query.data === undefined ? null : children(query.data)}
    </div>
  );
}
