import { type SearchSensorItem, VISUAL_MESSAGES } from '@vigil/contracts';
import type { EditorNode } from './editor-model';

/** A sensor point (or the running-state slot) of a machine node that the picker fills. */
export type PickerTarget = { nodeId: string; point: number | 'state' };

/** Where each sensor is bound on the tab being edited, as the editor holds it now: full id → machine. */
export function localBindings(
  nodes: readonly EditorNode[],
): Map<string, { nodeId: string; point: number; machineName: string }> {
  const bindings = new Map<string, { nodeId: string; point: number; machineName: string }>();
  for (const node of nodes) {
    if (node.type !== 'machine') {
      continue;
    }
    for (const bound of node.data.sensors) {
      bindings.set(bound.sensor.id, {
        nodeId: node.id,
        point: bound.point,
        machineName: machineName(node.data.name),
      });
    }
  }
  return bindings;
}

const machineName = (name: string) => (name.trim() === '' ? 'an unnamed machine' : name.trim());

/**
 * Whether the picker offers a sensor for a sensor point (M section 5: a sensor already used on another tab or
 * machine is disabled with '(Already in use at ... [machine])'). One sensor per schema is the server's rule: the
 * search's `tabs` say where it is bound on the schema's other tabs (the edited tab's own entries are stale, the
 * editor's nodes say where it is bound now). The running-state slot is not a binding, so it takes any sensor.
 */
export function sensorAvailability(
  item: SearchSensorItem,
  target: PickerTarget,
  editedTabId: number | null,
  bindings: ReturnType<typeof localBindings>,
): { isDisabled: boolean; note: string | null } {
  if (target.point === 'state') {
    return { isDisabled: false, note: null };
  }
  const here = bindings.get(item.id);
  if (here !== undefined) {
    const isThisPoint = here.nodeId === target.nodeId && here.point === target.point;
    return isThisPoint
      ? { isDisabled: false, note: '(bound here)' }
      : { isDisabled: true, note: VISUAL_MESSAGES.alreadyInUse(here.machineName) };
  }
  const elsewhere = item.tabs.find((tab) => tab.id !== editedTabId);
  if (elsewhere !== undefined) {
    return {
      isDisabled: true,
      note: VISUAL_MESSAGES.alreadyInUse(`${elsewhere.machine_name} (${elsewhere.name})`),
    };
  }
  return { isDisabled: false, note: null };
}
