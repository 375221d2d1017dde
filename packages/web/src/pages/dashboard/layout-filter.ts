import { isSensorHidden, type NodeFilter } from './dashboard-rules';
import type { DashboardLayout, LayoutGroup, LayoutSensor } from './sensor-store';

export type VisibleGroup = Omit<LayoutGroup, 'groups'> & { groups: VisibleGroup[] };

function visibleSensors(sensors: LayoutSensor[], filter: NodeFilter): LayoutSensor[] {
  return sensors.filter((sensor) => !isSensorHidden(sensor.hideReason, filter));
}

function filterGroup(group: LayoutGroup, filter: NodeFilter): VisibleGroup | null {
  if (filter === 'alarmed' && !group.isAlarmed) {
    return null;
  }
  const groups = group.groups
    .map((child) => filterGroup(child, filter))
    .filter((child): child is VisibleGroup => child !== null);
  const sensors = visibleSensors(group.sensors, filter);
  if (sensors.length === 0 && groups.length === 0) {
    return null;
  }
  return { ...group, sensors, groups };
}

/**
 * The groups the filter shows (M section 2): hidden sensors left out, groups left with nothing dropped,
 * and for 'alarmed' only the groups and nodes in alarm or warning (with the network groups holding them).
 */
export function filterLayout(layout: DashboardLayout, filter: NodeFilter): VisibleGroup[] {
  return layout.groups
    .map((group) => filterGroup(group, filter))
    .filter((group): group is VisibleGroup => group !== null);
}

/** Top-level sensors the filter shows. */
export function filterTopSensors(layout: DashboardLayout, filter: NodeFilter): LayoutSensor[] {
  return visibleSensors(layout.sensors, filter);
}
