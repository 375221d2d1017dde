import { PERMISSIONS, type Permission, type Site } from '@vigil/contracts';
import { Checkbox, Empty, List, Select, Typography } from 'antd';
import type { SiteAccessState } from '../site-rules';

type SiteAccessListProps = {
  sites: Site[];
  value: ReadonlyMap<number, SiteAccessState>;
  onChange: (siteId: number, state: SiteAccessState) => void;
  loading?: boolean;
};

const NO_ACCESS: SiteAccessState = { has_access: false, permission: 'User' };

/** Every site of the client with a has_access checkbox and a permission (A section 2 'Assigned user pages'). */
export function SiteAccessList({ sites, value, onChange, loading }: SiteAccessListProps) {
  return (
    <List
      loading={loading}
      dataSource={sites}
      locale={{ emptyText: <Empty description="location is empty!" /> }}
      data-testid="site-access-list"
      renderItem={(site) => {
        const state = value.get(site.id) ?? NO_ACCESS;
        return (
          <List.Item
            data-testid={`site-access-${site.id}`}
            actions={[
              <Select<Permission>
                key="permission"
                value={state.permission}
                options={PERMISSIONS.map((permission) => ({ value: permission, label: permission }))}
                onChange={(permission) => onChange(site.id, { ...state, permission })}
                disabled={!site.can_edit}
                aria-label={`Permission at ${site.title}`}
                style={{ width: 130 }}
                data-testid={`site-permission-${site.id}`}
              />,
            ]}
          >
            <Checkbox
              checked={state.has_access}
              onChange={(event) => onChange(site.id, { ...state, has_access: event.target.checked })}
              disabled={!site.can_edit}
              data-testid={`site-has-access-${site.id}`}
            >
              <Typography.Text strong>{site.title}</Typography.Text>
              <Typography.Text type="secondary"> — {site.address}</Typography.Text>
            </Checkbox>
          </List.Item>
        );
      }}
    />
  );
}
