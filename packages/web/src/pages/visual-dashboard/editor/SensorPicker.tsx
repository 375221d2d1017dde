import { useQuery } from '@tanstack/react-query';
import type { SearchSensorItem } from '@vigil/contracts';
import { Alert, Button, Input, List, Modal, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { sensorSearchQuery } from '../../../api/visual-dashboard';
import { sensorLabel } from './load-tab';
import { type localBindings, type PickerTarget, sensorAvailability } from './sensor-use';

const SEARCH_DELAY_MS = 300;

type SensorPickerProps = {
  target: PickerTarget | null;
  /** What the slot is (the sensor point's label, or 'Running-state sensor') and what it holds now. */
  title: string;
  currentId: string | null;
  siteId: number;
  schemaId: number | null;
  tabId: number | null;
  bindings: ReturnType<typeof localBindings>;
  onChoose: (item: SearchSensorItem | null) => void;
  onClose: () => void;
};

/**
 * Binds a sensor on a sensor point or the running-state slot (M sections 2 and 5): the site's sensors matching
 * what is typed, each named 'name — group — device'; a sensor bound elsewhere in the schema is disabled.
 */
export function SensorPicker(props: SensorPickerProps) {
  const { target, siteId, schemaId } = props;
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQ(text.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  // Each opening starts from the whole list.
  useEffect(() => {
    if (target !== null) {
      setText('');
      setQ('');
    }
  }, [target]);
  const search = useQuery({ ...sensorSearchQuery({ siteId, q, schemaId }), enabled: target !== null });

  return (
    <Modal
      open={target !== null}
      title={props.title}
      onCancel={props.onClose}
      footer={
        props.currentId === null ? null : (
          <Button danger onClick={() => props.onChoose(null)}>
            Remove the sensor
          </Button>
        )
      }
      destroyOnHidden
    >
      <Input.Search
        allowClear
        autoFocus
        placeholder="Search by sensor, group, device or id"
        value={text}
        onChange={(event) => setText(event.target.value)}
        loading={search.isFetching}
      />
      {search.error ? (
        <Alert type="error" showIcon style={{ marginTop: 8 }} message={search.error.message} />
      ) : null}
      <List
        className="vd-picker-list"
        loading={search.isPending && search.fetchStatus !== 'idle'}
        dataSource={search.data ?? []}
        locale={{ emptyText: q === '' ? 'This site has no sensors yet.' : `No sensor matches '${q}'.` }}
        renderItem={(item) => {
          const use =
            target === null
              ? { isDisabled: true, note: null }
              : sensorAvailability(item, target, props.tabId, props.bindings);
          const isCurrent = item.id === props.currentId;
          return (
            <List.Item
              className={`vd-picker-item${use.isDisabled ? ' vd-picker-item--disabled' : ''}`}
              aria-disabled={use.isDisabled}
              onClick={use.isDisabled ? undefined : () => props.onChoose(item)}
            >
              <div>
                <Typography.Text strong={isCurrent} disabled={use.isDisabled}>
                  {sensorLabel(item)}
                </Typography.Text>{' '}
                {use.note ? <Typography.Text type="secondary">{use.note}</Typography.Text> : null}
                <div>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {item.id}
                  </Typography.Text>
                </div>
              </div>
            </List.Item>
          );
        }}
      />
    </Modal>
  );
}
