import { PlusOutlined, SortAscendingOutlined, SortDescendingOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isStaff, SITE_MESSAGES, type Site } from '@vigil/contracts';
import { Alert, Button, Col, Empty, Flex, Row, Spin, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { errorMessageOf } from '../../api/api-error';
import { listSites, selectSite } from '../../api/sites';
import { useCurrentUser } from '../../hooks/useCurrentUser';
import { ME_QUERY_KEY } from '../../hooks/useMe';
import { usePageTitle } from '../../hooks/usePageTitle';
import { PATHS } from '../../routes/paths';
import { NoticeAlert, useNotice } from './components/Notice';
import { SiteCard } from './components/SiteCard';
import { SITES_QUERY_KEY } from './queries';
import { hasEditAccess } from './site-rules';

type NameOrder = 'title' | '-title';

/** /sites: the site cards of the current client (A section 2 'Sites page'). */
export function SitesPage() {
  const me = useCurrentUser();
  const client = me.current_client;
  const title = client === null ? 'Sites' : `${client.company} - Sites`;
  usePageTitle(title);
  const [order, setOrder] = useState<NameOrder>('title');
  const { notice, show } = useNotice();
  const navigate = useNavigate();
  const sites = useQuery({
    queryKey: [...SITES_QUERY_KEY, 'list', order],
    queryFn: ({ signal }) => listSites({ ordering: order }, signal),
    enabled: client !== null || !isStaff(me),
  });
  const select = useSelectSite((error) => show(errorMessageOf(error, SITE_MESSAGES.failed), 'error'));

  return (
    <div className="page">
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <Typography.Title level={3} style={{ margin: 0 }} data-testid="sites-title">
          {title}
        </Typography.Title>
        <Flex gap={12} align="center">
          <Button
            icon={order === 'title' ? <SortAscendingOutlined /> : <SortDescendingOutlined />}
            onClick={() => setOrder(order === 'title' ? '-title' : 'title')}
            aria-label={order === 'title' ? 'Sort by name descending' : 'Sort by name ascending'}
            data-testid="sites-sort"
          >
            {order === 'title' ? 'Name A–Z' : 'Name Z–A'}
          </Button>
          {hasEditAccess(me) && client !== null ? (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => navigate(PATHS.addSite)}
              data-testid="add-site"
            >
              Add New Site
            </Button>
          ) : null}
        </Flex>
      </Flex>
      <NoticeAlert notice={notice} />
      {client === null && isStaff(me) ? (
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
      {sites.isError ? (
        <Alert
          type="error"
          showIcon
          title={errorMessageOf(sites.error, SITE_MESSAGES.failed)}
          className="form-alert"
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
    </div>
  );
}

/** Choosing a card makes the site current and opens its devices (A section 2 'Navigation flows'). */
function useSelectSite(onError: (error: Error) => void) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (site: Site) => selectSite(site.id),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
      navigate(PATHS.devices);
    },
    onError,
  });
}
