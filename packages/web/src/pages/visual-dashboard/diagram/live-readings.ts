import { type Sensor, type StateTree, safeParseStateTree } from '@vigil/contracts';
import { useMemo } from 'react';
import type { SocketStatus } from '../../../realtime/authenticated-socket';
import { useRoom } from '../../../realtime/useRoom';
import { createReadingsStore, type ReadingsStore } from './readings-store';
import { useReadingsVersion } from './useReadingsSelector';

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

export type DiagramRoom = { kind: 'tab' | 'machine'; id: number };

export function diagramSocketPath(room: DiagramRoom): string {
  return room.kind === 'tab' ? `/ws/tab-devices-data/${room.id}/` : `/ws/machine-devices-data/${room.id}/`;
}

/**
 * Keeps the room's socket open while mounted (M section 4 'Machine details': opened on open, closed on leave)
 * and answers its readings store (filled by every tree of the socket, readings-store.ts) with the socket's status.
 * A new room starts from a new, empty store.
 */
export function useLiveReadingsStore(room: DiagramRoom | null): {
  store: ReadingsStore;
  status: SocketStatus | null;
} {
  const path = room === null ? null : diagramSocketPath(room);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new room (path) starts from no readings
  const store = useMemo(() => createReadingsStore(), [path]);
  const status = useRoom(path, { read: readTreeFrame, onMessage: store.applyTree });
  return { store, status };
}

/**
 * The readings so far of the room, rendering the caller again after every tree: for a page of one machine (its
 * details). The tab's diagram follows the store instead, each machine and point only its own sensors.
 */
export function useLiveReadings(room: DiagramRoom | null): {
  readings: LiveReadings;
  status: SocketStatus | null;
} {
  const { store, status } = useLiveReadingsStore(room);
  useReadingsVersion(store);
  return { readings: store.readings, status };
}
