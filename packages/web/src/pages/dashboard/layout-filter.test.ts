import { describe, expect, it } from 'vitest';
import { filterLayout } from './layout-filter';
import type { DashboardLayout, LayoutGroup, LayoutSensor } from './sensor-store';

const sensor = (fullId: string, hideReason: LayoutSensor['hideReason'] = null): LayoutSensor => ({
  fullId,
  leafId: fullId.split('.').pop() ?? '',
  name: fullId,
  hideReason,
});

const group = (
  key: string,
  sensors: LayoutSensor[],
  isAlarmed = false,
  groups: LayoutGroup[] = [],
): LayoutGroup => ({
  key,
  id: key.split('.').pop() ?? '',
  name: key,
  isAlarmed,
  sensors,
  groups,
});

const f500: DashboardLayout = {
  deviceId: 'F5',
  deviceType: 'f500',
  versionInfo: null,
  sensors: [],
  groups: [
    group('F5.system', [sensor('F5.system.1'), sensor('F5.system.21000', 'profile0')]),
    group('F5.net1', [], true, [
      group('F5.net1.n01', [sensor('F5.net1.n01.1'), sensor('F5.net1.n01.4', 'disabled')]),
      group('F5.net1.n02', [sensor('F5.net1.n02.1')], true),
      group('F5.net1.n03', [sensor('F5.net1.n03.4', 'off')]),
    ]),
  ],
};

const ids = (groups: ReturnType<typeof filterLayout>): string[] =>
  groups.flatMap((g) => [g.key, ...g.sensors.map((s) => s.fullId), ...ids(g.groups)]);

describe('filterLayout', () => {
  it('active: hides disabled, off and profile 0 sensors and the nodes left empty', () => {
    expect(ids(filterLayout(f500, 'active'))).toEqual([
      'F5.system',
      'F5.system.1',
      'F5.net1',
      'F5.net1.n01',
      'F5.net1.n01.1',
      'F5.net1.n02',
      'F5.net1.n02.1',
    ]);
  });

  it('all: shows disabled and off sensors, never profile 0', () => {
    const shown = ids(filterLayout(f500, 'all'));
    expect(shown).toContain('F5.net1.n01.4');
    expect(shown).toContain('F5.net1.n03.4');
    expect(shown).not.toContain('F5.system.21000');
  });

  it('alarmed: only the nodes in alarm or warning, inside their network', () => {
    expect(ids(filterLayout(f500, 'alarmed'))).toEqual(['F5.net1', 'F5.net1.n02', 'F5.net1.n02.1']);
  });
});
