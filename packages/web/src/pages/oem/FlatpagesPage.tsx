import { useQuery } from '@tanstack/react-query';
import { FLATPAGE_MESSAGES, type Flatpage } from '@vigil/contracts';
import { Card, Empty, List, Result, Spin, Typography } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { publicFlatpagesQuery } from '../../api/oem';
import { usePageTitle } from '../../hooks/usePageTitle';
import { flatpageViewPath, PATHS } from '../../routes/paths';
import { FlatpageView } from './components/FlatpageView';
import { OemLoadError } from './components/OemLoadError';
import './oem.css';

/**
 * /flatpages/ (OEM/admin-only, A section 2): the list of static pages, or with ?url=/terms/ that page's
 * sanitised content with its scoped CSS, as get-flatpages/ publishes it.
 */
export function FlatpagesPage() {
  const [searchParams] = useSearchParams();
  const url = searchParams.get('url');
  const pages = useQuery(publicFlatpagesQuery());
  const current = url === null ? undefined : pages.data?.find((page) => page.url === url);
  usePageTitle(current?.title ?? 'Static Pages');

  return (
    <div className="page">
      {pages.isError ? (
        <OemLoadError isRetrying={pages.isFetching} onRetry={() => void pages.refetch()} />
      ) : null}
      {pages.isPending ? <Spin /> : null}
      {pages.data === undefined ? null : url === null ? (
        <PageList pages={pages.data} />
      ) : (
        <PageContent page={current} />
      )}
    </div>
  );
}

function PageList({ pages }: { pages: Flatpage[] }) {
  return (
    <>
      <Typography.Title level={3} className="page-title">
        Static Pages
      </Typography.Title>
      <Card>
        {pages.length === 0 ? (
          <Empty description={FLATPAGE_MESSAGES.empty} />
        ) : (
          <List
            dataSource={pages}
            renderItem={(page) => (
              <List.Item>
                <Link to={flatpageViewPath(page.url)}>{page.title}</Link>
                <Typography.Text type="secondary">{page.url}</Typography.Text>
              </List.Item>
            )}
            data-testid="flatpages-list"
          />
        )}
      </Card>
    </>
  );
}

function PageContent({ page }: { page: Flatpage | undefined }) {
  if (page === undefined) {
    return (
      <Result
        status="404"
        title={FLATPAGE_MESSAGES.notFound}
        extra={<Link to={PATHS.flatpages}>All pages</Link>}
      />
    );
  }
  return (
    <article data-testid="flatpage">
      <Typography.Title level={3} className="page-title">
        {page.title}
      </Typography.Title>
      <Card>
        <FlatpageView content={page.content} css={page.css} />
      </Card>
    </article>
  );
}
