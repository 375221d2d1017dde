import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Spin, Typography } from 'antd';
import type { ReactNode } from 'react';
import { OemLoadError } from './OemLoadError';

/** The alert an OEM edit page shows after a save (and its logo upload). */
export type OemNotice = { type: 'success' | 'error'; text: string };

type OemEditFrameProps<T> = {
  title: string;
  /** What the page edits, as loaded from the server. */
  query: UseQueryResult<T>;
  notice: OemNotice | null;
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
      {notice === null ? null : (
        <Alert
          type={notice.type}
          showIcon
          title={notice.text}
          className="form-alert"
          data-testid={alertTestId}
        />
      )}
      {query.isPending ? <Spin /> : null}
      {query.data === undefined ? null : children(query.data)}
    </div>
  );
}
