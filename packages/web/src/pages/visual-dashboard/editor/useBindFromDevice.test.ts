import type { SearchSensorItem } from '@vigil/contracts';
import { VISUAL_MESSAGES } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import { unavailableNote } from './useBindFromDevice';

const item = (id: string, tabs: SearchSensorItem['tabs'] = []): SearchSensorItem => ({
  id,
  name: 'Plug Switch',
  group_name: 'Plug',
  device: { id: 3, name: 'Conveyor WDC4' },
  tabs,
  is_state_sensor: false,
});

const bindings = new Map([['W1.plug.1', { nodeId: 'machine-a', point: 106, machineName: 'Leg 1' }]]);

describe('unavailableNote', () => {
  it("keeps the node's own sensors and free ones available", () => {
    expect(unavailableNote(item('W1.plug.1'), 'machine-a', 7, bindings)).toBeNull();
    expect(unavailableNote(item('W1.head.1'), 'machine-a', 7, bindings)).toBeNull();
  });

  it('names the machine of this tab or of another tab that holds the sensor', () => {
    expect(unavailableNote(item('W1.plug.1'), 'machine-b', 7, bindings)).toBe(
      VISUAL_MESSAGES.alreadyInUse('Leg 1'),
    );
    const elsewhere = item('W1.tail.1', [{ id: 9, name: 'Intake', machine_name: 'Leg 2' }]);
    expect(unavailableNote(elsewhere, 'machine-b', 7, bindings)).toBe(
      VISUAL_MESSAGES.alreadyInUse('Leg 2 (Intake)'),
    );
    // The edited tab's own entries are stale: the editor's nodes say where a sensor is bound now.
    const stale = item('W1.tail.1', [{ id: 7, name: 'Legs', machine_name: 'Leg 7' }]);
    expect(unavailableNote(stale, 'machine-b', 7, bindings)).toBeNull();
  });
});
