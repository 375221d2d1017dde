import {
  type ControlEvent,
  ControlEventSchema,
  type FormerNotificationsCreated,
  FormerNotificationsCreatedSchema,
} from './control-events';
import { type DeviceTree, type EveryRoomName, ROOM_EVENT_SCHEMAS, type RoomEvent } from './rooms';

/**
 * One frame on the control channel, or on a room channel other than a device's: the event and the instance
 * that sent it (which handled it already).
 */
export type ControlFrame = { origin: string; event: ControlEvent };
export type RoomFrame<N extends EveryRoomName> = { origin: string; event: RoomEvent<N> };

const RECEIVED_AT = /^\d{1,15}$/;

/**
 * A tree's frame on its device channel: the receive time in epoch milliseconds, a newline, then the tree's
 * JSON text exactly as the device sent it. The udf_id is the channel's. Nothing is wrapped or escaped, so
 * neither side serialises or parses the tree: the text goes to the sockets as it came.
 */
export function encodeTreeFrame(event: DeviceTree): string {
  return `${event.receivedAt.getTime()}\n${event.json}`;
}

/** The tree of a device channel's frame, or undefined for a frame that is not one. */
export function decodeTreeFrame(udfId: string, message: string): DeviceTree | undefined {
  if (message.startsWith('{')) {
    return decodeFormerTreeFrame(udfId, message);
  }
  const newline = message.indexOf('\n');
  if (newline < 1) {
    return undefined;
  }
  const header = message.slice(0, newline);
  const json = message.slice(newline + 1);
  if (!RECEIVED_AT.test(header) || json === '') {
    return undefined;
  }
  return { udfId, json, receivedAt: new Date(Number(header)) };
}

/**
 * The frame of instances from before 2026-11-24, `{"udfId","receivedAt":"<ISO>","json"}`: read so that during a
 * rolling upgrade browsers on upgraded instances still get the trees that older instances ingest.
 */
function decodeFormerTreeFrame(udfId: string, message: string): DeviceTree | undefined {
  try {
    const frame = JSON.parse(message) as { udfId?: unknown; receivedAt?: unknown; json?: unknown };
    if (frame.udfId !== udfId || typeof frame.json !== 'string' || typeof frame.receivedAt !== 'string') {
      return undefined;
    }
    const receivedAt = new Date(frame.receivedAt);
    return Number.isNaN(receivedAt.getTime()) ? undefined : { udfId, json: frame.json, receivedAt };
  } catch {
    return undefined;
  }
}

export function encodeControlFrame(frame: ControlFrame): string {
  return JSON.stringify(frame);
}

/**
 * The control frame, validated by ControlEventSchema; the former notifications frame of instances before
 * 2026-11-28 (FormerNotificationsCreatedSchema) as `former`; undefined for anything else.
 */
export function decodeControlFrame(
  message: string,
): ControlFrame | { origin: string; former: FormerNotificationsCreated } | undefined {
  const frame = parseFrame(message);
  if (frame === undefined) {
    return undefined;
  }
  const event = ControlEventSchema.safeParse(frame.event);
  if (event.success) {
    return { origin: frame.origin, event: event.data };
  }
  const former = FormerNotificationsCreatedSchema.safeParse(frame.event);
  return former.success ? { origin: frame.origin, former: former.data } : undefined;
}

export function encodeRoomFrame<N extends EveryRoomName>(frame: RoomFrame<N>): string {
  return JSON.stringify(frame);
}

/** The frame of a room of `name`, validated by its schema (rooms.ts); undefined for anything else. */
export function decodeRoomFrame<N extends EveryRoomName>(name: N, message: string): RoomFrame<N> | undefined {
  const frame = parseFrame(message);
  const event = frame === undefined ? undefined : ROOM_EVENT_SCHEMAS[name].safeParse(frame.event);
  if (frame === undefined || event === undefined || !event.success) {
    return undefined;
  }
  return { origin: frame.origin, event: event.data as RoomEvent<N> };
}

/** `{origin, event}` with a text origin; the event is left to its schema. */
function parseFrame(message: string): { origin: string; event: unknown } | undefined {
  try {
    const frame = JSON.parse(message) as { origin?: unknown; event?: unknown };
    return typeof frame.origin === 'string' ? { origin: frame.origin, event: frame.event } : undefined;
  } catch {
    return undefined;
  }
}
