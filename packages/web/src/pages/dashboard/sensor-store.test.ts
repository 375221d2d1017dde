import type { Sensor, StateTree } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import { createSensorStore } from './sensor-store';
import { createTreeDiffer } from './tree-diff';

function sensor(Id: number, Value: number, extra: Partial<Sensor> = {}): Sensor {
  return {
    Id,
    Name: `Sensor ${Id}`,
    Type: 'NUMERIC',
    Value,
    Status: 'OK',
    Alarm: false,
    Meta: { Units: '°F' },
    ...extra,
  };
}

function tree(values: number[], extra: Partial<Sensor> = {}): StateTree {
  return {
    Id: 'UDF1',
    Name: 'Elevator',
    Status: 'OK',
    Alarm: false,
    time: 1,
    device: { deviceId: 'UDF1', deviceType: '0300', versionInfo: 'v1' },
    sensors: [],
    groups: [
      {
        Id: 'tmp',
        Name: 'Temperature',
        Status: 'OK',
        Alarm: false,
        sensors: values.map((v, i) => sensor(i + 1, v, i === 0 ? extra : {})),
      },
      { Id: 'system', Name: 'System', Status: 'OK', Alarm: false, Meta: { Nodes: 1 }, sensors: [] },
    ],
  };
}

describe('createSensorStore', () => {
  it('tells only the subscribers of sensors whose reading changed', () => {
    const store = createSensorStore();
    store.setTree(tree([70, 71, 72]));
    const told: string[] = [];
    for (const id of ['UDF1.tmp.1', 'UDF1.tmp.2', 'UDF1.tmp.3']) {
      store.subscribeSensor(id, () => told.push(id));
    }
    let layoutTold = 0;
    store.subscribeLayout(() => {
      layoutTold += 1;
    });
    const before = store.getSensor('UDF1.tmp.1');

    store.setTree(tree([70, 75, 72]));

    expect(told).toEqual(['UDF1.tmp.2']);
    expect(layoutTold).toBe(0);
    expect(store.getSensor('UDF1.tmp.1')).toBe(before);
    expect(store.getSensor('UDF1.tmp.2')?.Value).toBe(75);
  });

  it('tells a sensor whose status or state text changed though its value did not', () => {
    const store = createSensorStore();
    store.setTree(tree([70, 71]));
    const told: string[] = [];
    store.subscribeSensor('UDF1.tmp.1', () => told.push('status'));
    store.setTree(tree([70, 71], { Status: 'WARNING' }));
    expect(told).toEqual(['status']);
  });

  it('builds the layout again when a group goes into alarm or a sensor becomes disabled, not on readings', () => {
    const store = createSensorStore();
    store.setTree(tree([70, 71]));
    const first = store.getLayout();
    store.setTree(tree([80, 81]));
    expect(store.getLayout()).toBe(first);

    store.setTree(tree([80, 81], { Status: 'Alarm', Alarm: true }));
    expect(store.getLayout()).not.toBe(first);
    expect(store.getLayout()?.groups.find((g) => g.id === 'tmp')?.isAlarmed).toBe(true);

    const alarmed = store.getLayout();
    store.setTree(tree([80, 81], { Status: 'Alarm', Alarm: true, Meta: { State: 'Disabled' } }));
    expect(store.getLayout()).not.toBe(alarmed);
    expect(store.getLayout()?.groups.find((g) => g.id === 'tmp')?.sensors[0]?.hideReason).toBe('disabled');
  });

  it('orders groups as M section 9 and keys sensors by their full dotted id', () => {
    const store = createSensorStore();
    store.setTree(tree([70]));
    const layout = store.getLayout();
    expect(layout?.groups.map((g) => g.name)).toEqual(['System', 'Temperature']);
    expect(layout?.groups[1]?.sensors[0]).toEqual({
      fullId: 'UDF1.tmp.1',
      leafId: '1',
      name: 'Sensor 1',
      hideReason: null,
    });
    expect(layout?.versionInfo).toBe('v1');
  });

  it('tells the group meta subscribers only when Nodes, Blocks or Activity change', () => {
    const store = createSensorStore();
    store.setTree(tree([70]));
    let told = 0;
    store.subscribeGroupMeta('UDF1.system', () => {
      told += 1;
    });
    store.setTree(tree([71]));
    expect(told).toBe(0);
    const next = tree([71]);
    next.groups[1] = { ...next.groups[1], Meta: { Nodes: 2 } } as StateTree['groups'][number];
    store.setTree(next);
    expect(told).toBe(1);
    expect(store.getGroupMeta('UDF1.system')?.Nodes).toBe(2);
  });

  it('applies the changes a feed worker sent, forgetting sensors a new layout no longer has', () => {
    const worker = createSensorStore();
    const inline = createSensorStore();
    const read = createTreeDiffer();
    for (const next of [tree([70, 71, 72]), tree([70, 75, 72]), tree([70, 75])]) {
      // A structured clone, as postMessage delivers it.
      worker.applyChanges(structuredClone(read(next)));
      inline.setTree(next);
    }
    expect(worker.getSensor('UDF1.tmp.2')?.Value).toBe(75);
    expect(worker.getSensor('UDF1.tmp.3')).toBeUndefined();
    expect(worker.getLayout()).toEqual(inline.getLayout());
  });

  it('applies a new number by its position in the latest layout, as a new reading object', () => {
    const store = createSensorStore();
    const read = createTreeDiffer();
    store.applyChanges(structuredClone(read(tree([70, 71, 72]))));
    const before = store.getSensor('UDF1.tmp.3');
    const changes = read(tree([70, 71, 79.25]));
    expect(changes.sensors).toEqual([]);
    const told = store.applyChanges(structuredClone(changes));
    expect(told).toEqual(['UDF1.tmp.3']);
    expect(store.getSensor('UDF1.tmp.3')).toEqual({ ...before, Value: 79.25 });
    expect(store.getSensor('UDF1.tmp.3')).not.toBe(before);
    // A new layout moves the positions: a sensor dropped before it, the numbers follow the new order.
    store.applyChanges(structuredClone(read(tree([70, 79.25]))));
    store.applyChanges(structuredClone(read(tree([70, 80]))));
    expect(store.getSensor('UDF1.tmp.2')?.Value).toBe(80);
  });

  it('keeps a number nobody has read yet when a new layout moves the positions', () => {
    const store = createSensorStore();
    const read = createTreeDiffer();
    /** The tree without its first sensor: the others move up one place in the layout. */
    const withoutFirst = (values: number[]) => {
      const next = tree(values);
      next.groups[0]?.sensors?.shift();
      return next;
    };
    store.applyChanges(structuredClone(read(tree([70, 71, 72]))));
    store.applyChanges(structuredClone(read(tree([70, 75, 72]))));
    store.applyChanges(structuredClone(read(withoutFirst([70, 75, 72]))));
    expect(store.getSensor('UDF1.tmp.1')).toBeUndefined();
    expect(store.getSensor('UDF1.tmp.2')?.Value).toBe(75);
    store.applyChanges(structuredClone(read(withoutFirst([70, 76, 73]))));
    expect(store.getSensor('UDF1.tmp.2')?.Value).toBe(76);
    expect(store.getSensor('UDF1.tmp.3')?.Value).toBe(73);
    // Read again without a new number: the same object.
    expect(store.getSensor('UDF1.tmp.3')).toBe(store.getSensor('UDF1.tmp.3'));
  });
  it('tells a card subscribed before the layout, and again after a new layout moves its position', () => {
    const store = createSensorStore();
    const read = createTreeDiffer();
    const told: string[] = [];
    store.subscribeSensor('UDF1.tmp.3', () => told.push('3'));
    store.applyChanges(structuredClone(read(tree([70, 71, 72]))));
    told.length = 0;
    store.applyChanges(structuredClone(read(tree([70, 71, 73]))));
    expect(told).toEqual(['3']);
    // The first sensor gone: sensor 3 moves from position 2 to 1, and its numbers still reach it.
    const withoutFirst = (values: number[]) => {
      const next = tree(values);
      next.groups[0]?.sensors?.shift();
      return next;
    };
    store.applyChanges(structuredClone(read(withoutFirst([70, 71, 73]))));
    told.length = 0;
    store.applyChanges(structuredClone(read(withoutFirst([70, 71, 74]))));
    expect(told).toEqual(['3']);
    expect(store.getSensor('UDF1.tmp.3')?.Value).toBe(74);
  });

  it('stops telling a card that unsubscribed, and tells it again once it subscribes anew', () => {
    const store = createSensorStore();
    store.setTree(tree([70, 71]));
    let count = 0;
    const unsubscribe = store.subscribeSensor('UDF1.tmp.2', () => {
      count += 1;
    });
    store.setTree(tree([70, 72]));
    unsubscribe();
    store.setTree(tree([70, 73]));
    expect(count).toBe(1);
    store.subscribeSensor('UDF1.tmp.2', () => {
      count += 1;
    });
    store.setTree(tree([70, 74]));
    expect(count).toBe(2);
  });
});
