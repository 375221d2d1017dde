import { describe, expect, it } from 'vitest';
import { flattenSensorGroups } from './devices';

describe('flattenSensorGroups', () => {
  it('names a network’s groups after it and keeps flat answers as they are', () => {
    const uptime = { id: 18000, name: 'Uptime', full_id: 'U1.system.18000' };
    const bearing = { id: 1, name: 'Bearing', full_id: 'U1.net1.n01.1' };
    expect(
      flattenSensorGroups([
        { name: 'System State', groups: [{ id: 'system', name: 'System State', sensors: [uptime] }] },
        { name: 'Network 1', groups: [{ id: 'n01', name: 'Node 1', sensors: [bearing] }] },
      ]),
    ).toEqual([
      { id: 'system', name: 'System State', sensors: [uptime] },
      { id: 'n01', name: 'Network 1 / Node 1', sensors: [bearing] },
    ]);
    const flat = [{ id: 'system', name: 'System', sensors: [uptime] }];
    expect(flattenSensorGroups(flat)).toEqual(flat);
  });
});
