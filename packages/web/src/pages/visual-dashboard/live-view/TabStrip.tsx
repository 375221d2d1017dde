import { CopyOutlined, DeleteOutlined, EditOutlined } from '@ant-design/icons';
import type { VisualSchema } from '@vigil/contracts';
import { Button, Tooltip } from 'antd';
import { Link } from 'react-router';
import { schemaTabPath } from '../../../routes/paths';
import { tabAlarmLabel } from './alarm-tabs';
import styles from './live-view.module.css';
import type { SchemaActions } from './useSchemaActions';

type TabStripProps = {
  schema: VisualSchema;
  tabId: number;
  canEdit: boolean;
  actions: SchemaActions;
  /** Tabs with sensors in alarm (alarmedTabsOf): tab id → how many. */
  alarmed: ReadonlyMap<number, number>;
};

/**
 * The schema's tabs in order, the viewed one selected; for editors each has edit, clone and delete icons (delete
 * only while the schema is unpublished, M section 4 'Schema'). A tab whose machine is in alarm carries a red dot.
 */
export function TabStrip({ schema, tabId, canEdit, actions, alarmed }: TabStripProps) {
  return (
    <nav className={styles.tabStrip} aria-label="Tabs of the schema" data-testid="live-tab-strip">
      {schema.schema_tabs.map((tab) => {
        const isCurrent = tab.id === tabId;
        const alarms = alarmed.get(tab.id) ?? 0;
        return (
          <span
            key={tab.id}
            className={`${styles.tabItem} ${isCurrent ? styles.tabItemActive : ''}`}
            data-testid={`live-tab-${tab.id}`}
          >
            <Link
              to={schemaTabPath(schema.location, schema.id, tab.id)}
              aria-current={isCurrent ? 'page' : undefined}
              style={{ padding: '4px 10px', fontWeight: isCurrent ? 600 : 400 }}
            >
              {tab.name}
            </Link>
            {alarms === 0 ? null : (
              <span
                className={styles.tabAlarm}
                role="img"
                aria-label={tabAlarmLabel(tab.name, alarms)}
                title={tabAlarmLabel(tab.name, alarms)}
                data-testid={`live-tab-alarm-${tab.id}`}
              />
            )}
            {canEdit
              ? tabActions(schema.is_published, actions).map((action) => (
                  <Tooltip key={action.label} title={`${action.label} tab`}>
                    <Button
                      type="text"
                      size="small"
                      danger={action.isDanger}
                      icon={action.icon}
                      aria-label={`${action.label} tab ${tab.name}`}
                      onClick={() => action.run(tab.id)}
                    />
                  </Tooltip>
                ))
              : null}
          </span>
        );
      })}
    </nav>
  );
}

/** Edit and clone always (a published schema offers a new version first); delete only while unpublished. */
function tabActions(isPublished: boolean, actions: SchemaActions) {
  const all = [
    { label: 'Edit', icon: <EditOutlined />, run: actions.editTab, isDanger: false },
    { label: 'Clone', icon: <CopyOutlined />, run: actions.cloneTab, isDanger: false },
    { label: 'Delete', icon: <DeleteOutlined />, run: actions.deleteTab, isDanger: true },
  ];
  return isPublished ? all.filter((action) => action.label !== 'Delete') : all;
}
