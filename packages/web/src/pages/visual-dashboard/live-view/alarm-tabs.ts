import type { MachineEvent, VisualSchema } from '@vigil/contracts';

/**
 * Which tabs of a schema have a machine in alarm (docs/visual-dashboard.md 'Web: act from the picture'): a tab is
 * marked when a sensor it binds (`schema_tabs[].sensors_ids`) has an item in the schema's Active alarms list. The
 * answer counts each tab's sensors in alarm; a tab with none is absent.
 */
export function alarmedTabsOf(
  tabs: VisualSchema['schema_tabs'],
  alarms: readonly Pick<MachineEvent, 'full_sensor_id'>[],
): Map<number, number> {
  const inAlarm = new Set(alarms.map((event) => event.full_sensor_id));
  const marked = new Map<number, number>();
  for (const tab of tabs) {
    const bound = new Set(tab.sensors_ids.flatMap((entry) => Object.keys(entry)));
    const count = [...bound].filter((id) => inAlarm.has(id)).length;
    if (count > 0) {
      marked.set(tab.id, count);
    }
  }
  return marked;
}

/** The accessible label of a tab's mark. */
export function tabAlarmLabel(tabName: string, count: number): string {
  return `${tabName}: ${count} ${count === 1 ? 'sensor' : 'sensors'} in alarm`;
}
