import { PlusOutlined } from '@ant-design/icons';
import { Alert, Breadcrumb, Button, Card, Empty, Flex, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { PageSpinner } from '../../components/PageSpinner';
import { usePageTitle } from '../../hooks/usePageTitle';
import { newSchemaPath, newTabPath, PATHS, schemaTabPath } from '../../routes/paths';
import { formatSiteMinute } from '../../time/site-time';
import { type SchemaCard, useSchemasPage } from './useSchemasPage';

/** /visual-dashboard/site/:siteId/schemas/ (M section 2 'Schemas list'): a card per schema (version). */
export function SchemasPage() {
  usePageTitle('Visual Dashboard');
  const page = useSchemasPage();
  if (page.isLoading) {
    return <PageSpinner />;
  }
  const siteTitle = page.site?.title ?? 'Site';
  return (
    <div data-testid="schemas-page">
      <Breadcrumb
        items={[
          { title: page.canEdit ? <Link to={PATHS.sites}>{siteTitle}</Link> : siteTitle },
          { title: 'VISUAL DASHBOARD' },
        ]}
      />
      <Flex justify="space-between" align="center" wrap gap={8} style={{ margin: '8px 0 16px' }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          Schemas list
        </Typography.Title>
        {page.canEdit ? (
          <Link to={newSchemaPath(page.siteId)}>
            <Button type="primary" icon={<PlusOutlined />}>
              Add new schema
            </Button>
          </Link>
        ) : null}
      </Flex>
      {page.error !== null ? (
        <Alert
          type="error"
          showIcon
          message="The schemas could not be loaded."
          description={page.error.message}
        />
      ) : page.cards.length === 0 ? (
        <Empty description="This site has no schema yet." />
      ) : (
        <Flex wrap gap={16}>
          {page.cards.map((card) => (
            <SchemaCardView
              key={card.schema.id}
              card={card}
              siteId={page.siteId}
              canEdit={page.canEdit}
              timeZone={page.timeZone}
            />
          ))}
        </Flex>
      )}
    </div>
  );
}

function SchemaCardView({
  card,
  siteId,
  canEdit,
  timeZone,
}: {
  card: SchemaCard;
  siteId: number;
  canEdit: boolean;
  timeZone: string;
}) {
  const { schema, firstTabId, sensorCount } = card;
  const editor = `${schema.modified_by.first_name} ${schema.modified_by.last_name}`.trim();
  const body = (
    <Card
      hoverable={firstTabId !== null || canEdit}
      title={schema.name}
      extra={schema.is_published ? <Tag color="green">Published</Tag> : <Tag>Unpublished</Tag>}
      style={{ width: 300 }}
      data-testid={`schema-card-${schema.id}`}
    >
      <Typography.Paragraph type="secondary" style={{ marginBottom: 4 }}>
        Updated {formatSiteMinute(schema.update_dt * 1000, timeZone)}
        {editor === '' ? '' : ` by ${editor}`}
      </Typography.Paragraph>
      <Typography.Paragraph style={{ marginBottom: 4 }}>
        {schema.schema_tabs.length} {schema.schema_tabs.length === 1 ? 'tab' : 'tabs'}, {sensorCount}{' '}
        {sensorCount === 1 ? 'sensor' : 'sensors'} bound
      </Typography.Paragraph>
      {schema.comment ? (
        <Typography.Paragraph ellipsis={{ rows: 2 }} style={{ marginBottom: 0 }}>
          {schema.comment}
        </Typography.Paragraph>
      ) : null}
      {firstTabId === null ? <Typography.Text type="secondary">No tab yet.</Typography.Text> : null}
    </Card>
  );
  if (firstTabId !== null) {
    return <Link to={schemaTabPath(siteId, schema.id, firstTabId)}>{body}</Link>;
  }
  if (canEdit && !schema.is_published) {
    return <Link to={newTabPath(siteId, schema.id)}>{body}</Link>;
  }
  return body;
}
