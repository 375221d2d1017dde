import { z } from 'zod';

/** One committed state tree of a device, as the live feed sends it (the tree's JSON text as it came). */
export type DeviceTree = { udfId: string; json: string; receivedAt: Date };

/**
 * The rooms of the realtime bus and the events each carries (immich's websocket event map, one map per room).
 * A room is a name and an id; a socket joins the rooms its access allows, a publisher names the room it
 * speaks to. Docs: docs/realtime.md 'Rooms'.
 */
export type RoomEvents = {
  /** One device by udf_id: its committed state trees (ingest → ws/device-data/). */
  device: { tree: DeviceTree };
  /** One site by id: notifications committed at the site (notification projector → ws/current-user-notifications/). */
  site: { 'notifications-created': { notificationIds: number[] } };
  /**
   * One person by user id. No event is addressed to one person alone yet: sign-outs and access changes also
   * drop instance-wide caches, so they travel as control events (control-events.ts).
   */
  user: Record<never, never>;
  /**
   * One visual-dashboard tab by id: its machines or their bound sensors changed, or it was deleted (tab save →
   * ws/tab-devices-data/, which then re-reads the devices it follows).
   */
  tab: { 'tab-changed': { tabId: number } };
  /** One machine by id: its bound sensors changed, or it was removed (tab save → ws/machine-devices-data/). */
  machine: { 'machine-changed': { machineId: number } };
};

/** The id that names each room. */
export type RoomIds = { device: string; site: number; user: number; tab: number; machine: number };

export type RoomName = keyof RoomEvents;

export type Room<N extends RoomName = RoomName> = { name: N; id: RoomIds[N] };

/** An event of room N: `{ name, data }` as the map gives it (of any of them, for a union of names). */
export type RoomEvent<N extends RoomName> = N extends RoomName
  ? { [E in keyof RoomEvents[N]]: { name: E; data: RoomEvents[N][E] } }[keyof RoomEvents[N]]
  : never;

export type RoomHandler<N extends RoomName> = (event: RoomEvent<N>) => void;

/**
 * Rooms a subscriber may join all at once (a person who sees every site). Not devices: a device's trees are
 * published only while a socket watches that very device (redis-interest.ts).
 */
export type EveryRoomName = Exclude<RoomName, 'device'>;

/** Every room of a name, for subscribe. */
export type EveryRoom<N extends EveryRoomName = EveryRoomName> = { name: N; every: true };

export type RoomSelector<N extends RoomName> = Room<N> | (N extends EveryRoomName ? EveryRoom<N> : never);

export function deviceRoom(udfId: string): Room<'device'> {
  return { name: 'device', id: udfId };
}

export function siteRoom(locationId: number): Room<'site'> {
  return { name: 'site', id: locationId };
}

export function tabRoom(tabId: number): Room<'tab'> {
  return { name: 'tab', id: tabId };
}

export function machineRoom(machineId: number): Room<'machine'> {
  return { name: 'machine', id: machineId };
}

export function everyRoom<N extends EveryRoomName>(name: N): EveryRoom<N> {
  return { name, every: true };
}

export function isEveryRoom<N extends RoomName>(
  selector: RoomSelector<N>,
): selector is RoomSelector<N> & EveryRoom {
  return 'every' in selector;
}

/** The room's key on the bus (`<name>:<id>`); Redis prefixes it for the channel name. */
export function roomKey(room: Room): string {
  return `${room.name}:${room.id}`;
}

/** A room of a key the bus made, or undefined for anything else. */
export function roomOfKey(key: string): Room | undefined {
  const colon = key.indexOf(':');
  const name = key.slice(0, colon);
  const id = key.slice(colon + 1);
  if (colon < 1 || id === '') {
    return undefined;
  }
  if (name === 'device') {
    return deviceRoom(id);
  }
  if ((name === 'site' || name === 'user' || name === 'tab' || name === 'machine') && /^\d{1,15}$/.test(id)) {
    return { name, id: Number(id) };
  }
  return undefined;
}

const id = z.number().int();

/**
 * The events of the rooms whose events travel as JSON between instances (redis-frames.ts); a device's tree
 * has a frame of its own. Anything else is ignored.
 */
export const ROOM_EVENT_SCHEMAS = {
  site: z.discriminatedUnion('name', [
    z.object({
      name: z.literal('notifications-created'),
      data: z.object({ notificationIds: z.array(id).max(1000) }),
    }),
  ]),
  user: z.never(),
  tab: z.discriminatedUnion('name', [
    z.object({ name: z.literal('tab-changed'), data: z.object({ tabId: id }) }),
  ]),
  machine: z.discriminatedUnion('name', [
    z.object({ name: z.literal('machine-changed'), data: z.object({ machineId: id }) }),
  ]),
} satisfies { [N in EveryRoomName]: z.ZodType<RoomEvent<N>> };
