import type { Device, MachineTypeJson, SearchSensorItem } from '@vigil/contracts';
import { Alert, Button, Flex, Modal, Select, Tag, Typography } from 'antd';
import { sensorPointsOf } from '../diagram/geometry';
import type { MachineNode } from './editor-model';
import { sensorLabel } from './load-tab';
import type { localBindings } from './sensor-use';
import { type TemplatePlace, type TemplateResult, useBindFromDevice } from './useBindFromDevice';

const NONE = '';
const STATE_ROW_LABEL = 'Running-state sensor';

type BindFromDeviceProps = {
  node: MachineNode | undefined;
  type: MachineTypeJson | undefined;
  place: TemplatePlace;
  bindings: ReturnType<typeof localBindings>;
  onConfirm: (nodeId: string, result: TemplateResult) => void;
  onClose: () => void;
};

/**
 * 'Bind from device…' (issue 25 templates; docs/visual-dashboard.md 'Web: templates'): choose a device of the site,
 * see the sensor proposed for each point of the machine and for its running-state slot, change any, then Confirm
 * binds them all; Cancel changes nothing.
 */
export function BindFromDevice({ node, type, ...props }: BindFromDeviceProps) {
  const name = node?.data.name.trim() || type?.name || 'Machine';
  return (
    <Modal
      open={node !== undefined && type !== undefined}
      title={`${name}: bind from device`}
      onCancel={props.onClose}
      footer={null}
      width={640}
      destroyOnHidden
    >
      {node === undefined || type === undefined ? null : (
        <BindFromDeviceBody key={node.id} node={node} type={type} {...props} />
      )}
    </Modal>
  );
}

function deviceLabel(device: Device): string {
  return `${device.title}${device.is_online ? '' : ' (offline)'}`;
}

function BindFromDeviceBody(
  props: Omit<BindFromDeviceProps, 'node' | 'type'> & { node: MachineNode; type: MachineTypeJson },
) {
  const { node, type } = props;
  const points = sensorPointsOf(type, node.data.flip);
  const state = useBindFromDevice(node, { typeName: type.name, points }, props.place, props.bindings);
  const items = state.sensors.data ?? [];
  const chosenFor = new Map(
    state.choices.flatMap((choice) =>
      choice.sensorId === null ? [] : [[choice.sensorId, choice.point] as const],
    ),
  );
  const labelOf = (point: number) => points.find((item) => item.id === point)?.label ?? 'another point';

  return (
    <Flex vertical gap={12} data-testid="bind-from-device">
      <Select
        showSearch
        optionFilterProp="label"
        placeholder="Choose a device of the site"
        aria-label="Device"
        loading={state.devices.isPending}
        value={state.deviceId ?? undefined}
        onChange={state.chooseDevice}
        options={(state.devices.data ?? []).map((device) => ({
          value: device.id,
          label: deviceLabel(device),
        }))}
        notFoundContent="This site has no devices."
      />
      {state.devices.error ? <Alert type="error" showIcon message={state.devices.error.message} /> : null}
      {state.sensors.error ? <Alert type="error" showIcon message={state.sensors.error.message} /> : null}
      {state.deviceId !== null && state.sensors.isSuccess && items.length === 0 ? (
        <Alert type="warning" showIcon message="This device has reported no sensors yet." />
      ) : null}
      {state.deviceId === null ? (
        <Typography.Text type="secondary">
          Each sensor point gets the device's sensor whose name and group fit its label best; check each one.
        </Typography.Text>
      ) : (
        <div className="vd-template-rows">
          {points.map((point) => {
            const choice = state.choices.find((item) => item.point === point.id)?.sensorId ?? null;
            const proposed = state.proposals.find((item) => item.point === point.id)?.sensorId ?? null;
            const kept = node.data.sensors.find((bound) => bound.point === point.id);
            const keptOption =
              kept === undefined || items.some((item) => item.id === kept.sensor.id)
                ? []
                : [
                    {
                      value: kept.sensor.id,
                      label: `${sensorLabel({ ...kept.sensor, device: { name: kept.sensor.deviceName } })} (bound now)`,
                    },
                  ];
            return (
              <div className="vd-template-row" key={point.id} data-testid={`template-point-${point.id}`}>
                <Typography.Text strong>{point.label}</Typography.Text>
                <Select
                  showSearch
                  optionFilterProp="label"
                  aria-label={point.label}
                  loading={state.sensors.isFetching}
                  value={choice ?? NONE}
                  onChange={(value: string) => state.choose(point.id, value === NONE ? null : value)}
                  options={[
                    { value: NONE, label: 'None' },
                    ...keptOption,
                    ...items.map((item) => {
                      const other = chosenFor.get(item.id);
                      const note =
                        state.notes.get(item.id) ??
                        (other !== undefined && other !== point.id ? `(chosen for ${labelOf(other)})` : null);
                      return {
                        value: item.id,
                        label: `${item.name} — ${item.group_name || 'no group'}${note === null ? '' : ` ${note}`}`,
                        disabled: note !== null,
                      };
                    }),
                  ]}
                />
                <ProposalTag isChanged={state.changes.has(point.id)} proposed={proposed} choice={choice} />
              </div>
            );
          })}
          <StateSensorRow node={node} items={items} state={state.stateSensor} />
        </div>
      )}
      <Flex justify="end" gap={8}>
        <Button onClick={props.onClose}>Cancel</Button>
        <Button
          type="primary"
          disabled={state.deviceId === null || !state.sensors.isSuccess}
          onClick={() => props.onConfirm(node.id, state.result())}
        >
          Confirm
        </Button>
      </Flex>
    </Flex>
  );
}

/**
 * The running-state slot ('Select state sensor' on the node): any sensor of the device may be chosen, as in the
 * picker (a state sensor is not a sensor point's binding, so nothing is disabled); the proposal is a sensor the
 * server marks as saying Running or Stopped.
 */
function StateSensorRow({
  node,
  items,
  state,
}: {
  node: MachineNode;
  items: readonly SearchSensorItem[];
  state: ReturnType<typeof useBindFromDevice>['stateSensor'];
}) {
  const kept = node.data.stateSensor;
  const keptOption =
    kept === null || items.some((item) => item.id === kept.id)
      ? []
      : [{ value: kept.id, label: `${kept.label} (bound now)` }];
  return (
    <div className="vd-template-row" data-testid="template-state-sensor">
      <Typography.Text strong>{STATE_ROW_LABEL}</Typography.Text>
      <Select
        showSearch
        optionFilterProp="label"
        aria-label={STATE_ROW_LABEL}
        value={state.choice ?? NONE}
        onChange={(value: string) => state.choose(value === NONE ? null : value)}
        options={[
          { value: NONE, label: 'None' },
          ...keptOption,
          ...items.map((item) => ({
            value: item.id,
            label: `${item.name} — ${item.group_name || 'no group'}`,
          })),
        ]}
      />
      <ProposalTag isChanged={state.isChanged} proposed={state.proposal} choice={state.choice} />
    </div>
  );
}

/** Says where a point's choice comes from: the proposal, the person's change, or no free sensor that fits. */
function ProposalTag({
  isChanged,
  proposed,
  choice,
}: {
  isChanged: boolean;
  proposed: string | null;
  choice: string | null;
}) {
  if (isChanged) {
    return <Tag color="blue">Changed</Tag>;
  }
  if (proposed !== null && proposed === choice) {
    return <Tag color="green">Proposed</Tag>;
  }
  return choice === null ? <Tag>No free match</Tag> : <Tag>Bound now</Tag>;
}
