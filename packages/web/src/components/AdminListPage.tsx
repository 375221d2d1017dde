import { Alert, Button, Flex, Input, Typography } from 'antd';
import type { ReactNode } from 'react';
import type { Notice } from '../hooks/useNotice';
import { NoticeAlert } from './NoticeAlert';

export type AdminListSearch = {
  value: string;
  onChange: (value: string) => void;
  /** Enter or the search button; the box's own text when left out. */
  onSearch?: (value: string) => void;
  testId: string;
};

export type AdminListAdd = {
  onClick: () => void;
  testId: string;
  /** '+ ADD' unless the page names it (the site and device pages). */
  label?: ReactNode;
  icon?: ReactNode;
};

type AdminListPageProps = {
  title: ReactNode;
  titleTestId?: string;
  search?: AdminListSearch;
  /** Controls between the search box and ADD (sort, filters, refresh). */
  tools?: ReactNode;
  add?: AdminListAdd;
  notice?: Notice | null;
  noticeTestId?: string;
  /** What failed to load, under the notice (an alert, or the OEM load error with Retry). */
  loadError?: ReactNode;
  /** The OEM lists start their table right under the heading row, without the 16 px gap of the others. */
  isHeaderFlush?: boolean;
  /** The table or the cards. */
  children: ReactNode;
};

/**
 * The frame of the admin list pages (A section 2): the title with search, tools and ADD on one row, the
 * page's timed alert and load error, then the list.
 */
export function AdminListPage(props: AdminListPageProps) {
  const { title, titleTestId, search, tools, add, notice, noticeTestId, loadError, children } = props;
  return (
    <div className="page">
      <Flex
        justify="space-between"
        align="center"
        wrap
        gap={12}
        style={props.isHeaderFlush ? undefined : { marginBottom: 16 }}
      >
        <Typography.Title level={3} style={{ margin: 0 }} data-testid={titleTestId}>
          {title}
        </Typography.Title>
        {search === undefined && tools === undefined && add === undefined ? null : (
          <Flex gap={12} align="center" wrap>
            {search === undefined ? null : <SearchBox search={search} />}
            {tools}
            {add === undefined ? null : (
              <Button type="primary" icon={add.icon} onClick={add.onClick} data-testid={add.testId}>
                {add.label ?? '+ ADD'}
              </Button>
            )}
          </Flex>
        )}
      </Flex>
      <NoticeAlert notice={notice ?? null} testId={noticeTestId} />
      {loadError}
      {children}
    </div>
  );
}

/** The alert of a list that could not be loaded (the server's text when it sent one). */
export function LoadErrorAlert({ text }: { text: string }) {
  return <Alert type="error" showIcon title={text} className="form-alert" />;
}

function SearchBox({ search }: { search: AdminListSearch }) {
  return (
    <Input.Search
      placeholder="search"
      aria-label="search"
      allowClear
      value={search.value}
      onChange={(event) => search.onChange(event.target.value)}
      onSearch={search.onSearch ?? search.onChange}
      style={{ width: 260 }}
      data-testid={search.testId}
    />
  );
}
