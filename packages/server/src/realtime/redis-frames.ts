import type { DeviceTreeEvent } from './bus';
import { type ControlEvent, ControlEventSchema } from './control-events';

/** One frame on the control channel: the event and the instance that sent it (which handled it already). */
export type ControlFrame = { origin: string; event: ControlEvent };

const RECEIVED_AT = /^\d{1,15}$/;

/**
 * A tree's frame on its device channel: the receive time in epoch milliseconds, a newline, then the tree's
 * JSON text exactly as the device sent it. The udf_id is the channel's. Nothing is wrapped or escaped, so
 * neither side serialises or parses the tree: the text goes to the sockets as it came.
 */
export function encodeTreeFrame(event: DeviceTreeEvent): string {
  return `${event.receivedAt.getTime()}\n${event.json}`;
}

/** The tree of a device channel's frame, or undefined for a frame that is not one. */
export function decodeTreeFrame(udfId: string, message: string): DeviceTreeEvent | undefined {
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
function decodeFormerTreeFrame(udfId: string, message: string): DeviceTreeEvent | undefined {
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

/** The control frame, validated by ControlEventSchema; undefined for anything else. */
export function decodeControlFrame(message: string): ControlFrame | undefined {
  try {
    const frame = JSON.parse(message) as { origin?: unknown; event?: unknown };
    const event = ControlEventSchema.safeParse(frame.event);
    if (typeof frame.origin !== 'string' || !event.success) {
      return undefined;
    }
    return { origin: frame.origin, event: event.data };
  } catch {
    return undefined;
  }
}
