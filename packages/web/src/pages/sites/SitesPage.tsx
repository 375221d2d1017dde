import { PlusOutlined, SortAscendingOutlined, SortDescendingOutlined } from '@ant-design/icons';
import { SITE_MESSAGES } from '@vigil/contracts';
import { Alert, Button, Col, Empty, Row, Spin } from 'antd';
import { Link } from 'react-router';
import { errorMessageOf } from '../../api/api-error';
import { AdminListPage, LoadErrorAlert } from '../../components/AdminListPage';
import { usePageTitle } from '../../hooks/usePageTitle';
import { PATHS } from '../../routes/paths';
import { SiteCard } from './components/SiteCard';
import { useSitesPage } from './useSitesPage';

/** /sites: the site cards of the current client (A section 2 'Sites page'). */
export function SitesPage() {
  const { sites, select, ...page } = useSitesPage();
  usePageTitle(page.title);
  const isAscending = page.order === 'title';
  return (
    <AdminListPage
      title={page.title}
      titleTestId="sites-title"
      tools={
        <Button
          icon={isAscending ? <SortAscendingOutlined /> : <SortDescendingOutlined />}
          onClick={page.toggleOrder}
          aria-label={isAscending ? 'Sort by name descending' : 'Sort by name ascending'}
          data-testid="sites-sort"
        >
          {isAscending ? 'Name A–Z' : 'Name Z–A'}
        </Button>
      }
      add={
        page.canAdd
          ? { onClick: page.openAddForm, testId: 'add-site', label: 'Add New Site', icon: <PlusOutlined /> }
          : undefined
      }
      notice={page.notice}
      noticeTestId="sites-alert"
      loadError={
        sites.isError ? <LoadErrorAlert text={errorMessageOf(sites.error, SITE_MESSAGES.failed)} /> : null
      }
    >
      {page.needsClient ? (
        <Alert
          type="info"
          showIcon
          title="No client selected"
          description={
            <span>
              Choose a client on the <Link to={PATHS.clients}>Clients</Link> page to see its sites.
            </span>
          }
          data-testid="sites-no-client"
        />
      ) : null}
      {sites.isLoading ? <Spin className="page-spinner" /> : null}
      {sites.isSuccess && sites.data.results.length === 0 ? (
        <Empty description={SITE_MESSAGES.empty} data-testid="sites-empty" />
      ) : null}
      <Row gutter={[16, 16]} data-testid="sites-grid">
        {(sites.data?.results ?? []).map((site) => (
          <Col key={site.id} xs={24} sm={12} lg={8} xxl={6}>
            <SiteCard
              site={site}
              isSelecting={select.isPending && select.variables?.id === site.id}
              onSelect={(chosen) => select.mutate(chosen)}
            />
          </Col>
        ))}
      </Row>
    </AdminListPage>
  );
}
