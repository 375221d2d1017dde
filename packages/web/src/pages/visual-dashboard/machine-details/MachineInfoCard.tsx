import { Card, Descriptions, Tag } from 'antd';
import { formatSiteTime } from '../../../time/site-time';
import { machinePictureUrl } from '../diagram/geometry';
import { machineViewOf } from '../live-view/live-state';
import styles from '../live-view/live-view.module.css';
import { newestAlarmOf } from './machine-sensors';
import type { MachineDetailsPageState } from './useMachineDetailsPage';

const PICTURE_TEXT = {
  alarm: 'Alarm',
  warning: 'Warning',
  running: 'OK',
  stopped: 'Stopped or no data',
};

/** Name, machine type, the picture in its live state, schema and tab, and the last time in alarm (site zone). */
export function MachineInfoCard({
  page,
  machine,
}: {
  page: MachineDetailsPageState;
  machine: NonNullable<MachineDetailsPageState['machine']>;
}) {
  const view = machineViewOf(machine, page.readings, page.freshness);
  const blink = !view.blinks ? '' : view.picture === 'alarm' ? styles.blinkAlarm : styles.blinkWarning;
  const type = machine.type_of_machine;
  const ratio = type.left_side_img_thumbs.large_width / type.left_side_img_thumbs.large_height;
  const newest = newestAlarmOf(page.lastAlarms.data);
  const lastAlarm = page.lastAlarms.error
    ? 'Could not be loaded'
    : page.lastAlarms.isPending
      ? '…'
      : newest === null
        ? 'Never'
        : formatSiteTime(newest * 1000, page.timeZone);
  return (
    <Card size="small" title={machine.name || type.name} data-testid="machine-info">
      <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <div
          className={`${page.freshness.isLive ? '' : styles.stale} ${blink}`}
          style={{ width: Math.round(160 * Math.min(ratio, 1.5)), height: 160 }}
          data-testid="machine-info-picture"
          data-picture={view.picture}
        >
          <img
            src={machinePictureUrl(type, view.picture, machine.flip)}
            alt={`${type.name}: ${PICTURE_TEXT[view.picture]}`}
            style={{ width: '100%', height: '100%', objectFit: 'contain' }}
          />
        </div>
        <Descriptions size="small" column={1} style={{ flex: '1 1 220px' }}>
          <Descriptions.Item label="Machine type">{type.name}</Descriptions.Item>
          <Descriptions.Item label="State">
            {page.freshness.isLive ? PICTURE_TEXT[view.picture] : 'Not live: may be out of date'}
            {view.hasOfflineDevice ? <Tag style={{ marginLeft: 8 }}>Offline</Tag> : null}
          </Descriptions.Item>
          <Descriptions.Item label="Schema">{machine.schema.name}</Descriptions.Item>
          <Descriptions.Item label="Tab">{machine.schema_tab.name}</Descriptions.Item>
          <Descriptions.Item label="Last time in alarm">{lastAlarm}</Descriptions.Item>
        </Descriptions>
      </div>
    </Card>
  );
}
