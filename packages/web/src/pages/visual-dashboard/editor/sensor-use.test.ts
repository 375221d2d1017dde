import type { SearchSensorItem } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import type { MachineNode } from './editor-model';
import { localBindings, sensorAvailability } from './sensor-use';

const machine = (id: string, name: string, sensorIds: string[]): MachineNode => ({
  id,
  type: 'machine',
  position: { x: 0, y: 0 },
  data: {
    typeId: 1,
    name,
    scale: 1,
    flip: false,
    machineId: null,
    stateSensor: null,
    sensors: sensorIds.map((sensorId, index) => ({
      point: 101 + index,
      sensor: { id: sensorId, name: sensorId, group_name: 'Speed', deviceName: 'Unit' },
    })),
  },
});

const item = (id: string, tabs: SearchSensorItem['tabs'] = []): SearchSensorItem => ({
  id,
  name: id,
  group_name: 'Speed',
  device: { id: 1, name: 'Unit' },
  tabs,
  is_state_sensor: false,
});

describe('which sensors the picker offers (M section 5)', () => {
  const bindings = localBindings([machine('a', 'Leg 1', ['U.1']), machine('b', '', ['U.2'])]);

  it('disables a sensor bound on another machine of the tab, naming the machine', () => {
    expect(sensorAvailability(item('U.1'), { nodeId: 'b', point: 102 }, 7, bindings)).toEqual({
      isDisabled: true,
      note: '(Already in use at Leg 1)',
    });
    expect(sensorAvailability(item('U.2'), { nodeId: 'a', point: 101 }, 7, bindings).note).toBe(
      '(Already in use at an unnamed machine)',
    );
  });

  it('offers the sensor already on the point being picked', () => {
    expect(sensorAvailability(item('U.1'), { nodeId: 'a', point: 101 }, 7, bindings).isDisabled).toBe(false);
  });

  it("disables a sensor bound on another tab of the schema, but not one the edited tab's save will unbind", () => {
    const onOther = item('U.9', [{ id: 8, name: 'Loading', machine_name: 'Belt 4' }]);
    expect(sensorAvailability(onOther, { nodeId: 'a', point: 101 }, 7, bindings)).toEqual({
      isDisabled: true,
      note: '(Already in use at Belt 4 (Loading))',
    });
    const unbound = item('U.9', [{ id: 7, name: 'Receiving', machine_name: 'Leg 1' }]);
    expect(sensorAvailability(unbound, { nodeId: 'a', point: 101 }, 7, bindings).isDisabled).toBe(false);
  });

  it('lets the running-state slot take any sensor', () => {
    expect(sensorAvailability(item('U.1'), { nodeId: 'b', point: 'state' }, 7, bindings).isDisabled).toBe(
      false,
    );
  });
});
