import { DownOutlined, SettingOutlined } from '@ant-design/icons';
import type { VisualSchema } from '@vigil/contracts';
import { Button, Dropdown, type MenuProps } from 'antd';
import type { SchemaActions } from './useSchemaActions';

/**
 * The editors' 'Setting' dropdown (M section 2 'Schema details'): 'Show versions' and 'Clone schema' always;
 * 'Modify schema', 'Delete schema', 'Add tab' and 'Publish' only while unpublished (M section 4 'Schema': an
 * unpublished schema can be published with a comment, any schema can be cloned).
 */
export function SettingMenu({
  schema,
  actions,
  onShowVersions,
}: {
  schema: VisualSchema;
  actions: SchemaActions;
  onShowVersions: () => void;
}) {
  const unpublished: NonNullable<MenuProps['items']> = schema.is_published
    ? []
    : [
        { key: 'modify', label: 'Modify schema', onClick: actions.modifySchema },
        { key: 'delete', label: 'Delete schema', danger: true, onClick: actions.deleteSchema },
        { key: 'add-tab', label: 'Add tab', onClick: actions.addTab },
        { type: 'divider' },
        { key: 'publish', label: 'Publish', onClick: actions.publish },
      ];
  const items: MenuProps['items'] = [
    { key: 'versions', label: 'Show versions', onClick: onShowVersions },
    ...unpublished,
    { key: 'clone', label: 'Clone schema', onClick: actions.cloneSchema },
  ];
  return (
    <Dropdown menu={{ items }} trigger={['click']}>
      <Button icon={<SettingOutlined />} data-testid="live-setting">
        Setting <DownOutlined />
      </Button>
    </Dropdown>
  );
}
