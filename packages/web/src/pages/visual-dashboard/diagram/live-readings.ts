import { listSensors, type Sensor, type StateTree, safeParseStateTree } from '@vigil/contracts';
import { useCallback, useState } from 'react';
import type { SocketStatus } from '../../../realtime/authenticated-socket';
import { useRoom } from '../../../realtime/useRoom';

/**
 * The live data of a tab's or a machine's bound sensors (M section 4 'Live data': live messages replace liveData
 * on matching sensors): the sockets `ws/tab-devices-data/{id}/` and `ws/machine-devices-data/{id}/` send one state
 * tree per frame, the latest of each bound device first and then every new one.
 */

/** Full dotted sensor id → the sensor as its device's newest tree carries it, with that tree's device time. */
export type LiveReadings = ReadonlyMap<string, LiveReading>;
export type LiveReading = { sensor: Sensor; deviceId: string; time: StateTree['time'] };

/** A frame as a state tree, or null for anything else (dropped, never thrown). */
export function readTreeFrame(text: string): StateTree | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const parsed = safeParseStateTree(value);
  return parsed.success ? parsed.data : null;
}

/** The readings with every sensor of the tree's device replaced by the tree's (a sensor it no longer has goes). */
export function withTree(readings: LiveReadings, tree: StateTree): LiveReadings {
  const deviceId = tree.device.deviceId;
  const next = new Map<string, LiveReading>();
  for (const [id, reading] of readings) {
    if (reading.deviceId !== deviceId) {
      next.set(id, reading);
    }
  }
  for (const entry of listSensors(tree)) {
    next.set(entry.fullId, { sensor: entry.sensor, deviceId, time: tree.time });
  }
  return next;
}

export type DiagramRoom = { kind: 'tab' | 'machine'; id: number };

export function diagramSocketPath(room: DiagramRoom): string {
  return room.kind === 'tab' ? `/ws/tab-devices-data/${room.id}/` : `/ws/machine-devices-data/${room.id}/`;
}

/**
 * Keeps the room's socket open while mounted (M section 4 'Machine details': opened on open, closed on leave)
 * and answers the readings so far with the socket's status. A new room starts from no readings.
 */
export function useLiveReadings(room: DiagramRoom | null): {
  readings: LiveReadings;
  status: SocketStatus | null;
} {
  const path = room === null ? null : diagramSocketPath(room);
  const [state, setState] = useState<{ path: string | null; readings: LiveReadings }>({
    path,
    readings: new Map(),
  });
  const onMessage = useCallback(
    (tree: StateTree) =>
      setState((current) => ({
        path: current.path,
        readings: withTree(current.path === path ? current.readings : new Map(), tree),
      })),
    [path],
  );
  const status = useRoom(path, { read: readTreeFrame, onMessage });
  const readings = state.path === path ? state.readings : EMPTY;
  if (state.path !== path) {
    setState({ path, readings: EMPTY });
  }
  return { readings, status };
}

const EMPTY: LiveReadings = new Map();
