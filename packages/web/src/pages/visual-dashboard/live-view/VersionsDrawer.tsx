import { useQuery } from '@tanstack/react-query';
import { Alert, Drawer, List, Spin, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { errorMessageOf } from '../../../api/api-error';
import { schemasQuery } from '../../../api/visual-dashboard';
import { formatSiteMinute } from '../../../time/site-time';
import { firstTabPathOf } from './tab-routing';

type VersionsDrawerProps = {
  siteId: number;
  currentSchemaId: number;
  canEdit: boolean;
  timeZone: string;
  onClose: () => void;
};

/** 'Show versions': every schema (version) of the site, newest change first; choosing one opens it. */
export function VersionsDrawer({ siteId, currentSchemaId, canEdit, timeZone, onClose }: VersionsDrawerProps) {
  const versions = useQuery(schemasQuery(siteId));
  return (
    <Drawer open title="Versions" onClose={onClose} size={380} data-testid="versions-drawer">
      {versions.isPending ? <Spin /> : null}
      {versions.error === null ? null : (
        <Alert
          type="error"
          showIcon
          message={errorMessageOf(versions.error, 'The versions could not be loaded.')}
        />
      )}
      <List
        dataSource={versions.data ?? []}
        renderItem={(version) => (
          <List.Item>
            <List.Item.Meta
              title={
                <Link to={firstTabPathOf(version, canEdit)} onClick={onClose}>
                  {version.name}
                  {version.id === currentSchemaId ? ' (viewing)' : ''}
                </Link>
              }
              description={
                <>
                  {version.is_published ? <Tag color="green">Published</Tag> : <Tag>Unpublished</Tag>}
                  <Typography.Text type="secondary">
                    {formatSiteMinute(version.update_dt * 1000, timeZone)}
                  </Typography.Text>
                  {version.comment ? <Typography.Paragraph>{version.comment}</Typography.Paragraph> : null}
                </>
              }
            />
          </List.Item>
        )}
      />
    </Drawer>
  );
}
