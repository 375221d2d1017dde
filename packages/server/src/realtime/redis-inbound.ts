import type { RoomHandlers } from './bus';
import { deliverControl } from './bus';
import type { ControlListener, FormerNotificationsCreated } from './control-events';
import type { ThrottledErrorLog } from './redis-connections';
import { decodeControlFrame, decodeRoomFrame, decodeTreeFrame } from './redis-frames';
import type { DeviceInterest } from './redis-interest';
import { type EveryRoomName, type Room, type RoomEvent, roomKey, roomOfKey, siteRoom } from './rooms';

export type RedisInboundDeps = {
  prefix: string;
  controlChannel: string;
  interestChannel: string;
  /** This instance's id in the frames it publishes: its own copies are ignored. */
  instanceId: string;
  handlers: RoomHandlers;
  controlListeners: Set<ControlListener>;
  interest: DeviceInterest;
  errors: ThrottledErrorLog;
};

/**
 * What the Redis bus's subscriber connection receives (redis-bus.ts), decoded and handed to this instance's
 * room handlers and control listeners: tree frames for device rooms, room frames of other instances, control
 * frames (and the former notifications frame of older instances), and interest notices.
 */
export class RedisInbound {
  constructor(private readonly deps: RedisInboundDeps) {}

  /** A message on one of this instance's channels. */
  message(channel: string, message: string): void {
    if (channel === this.deps.controlChannel) {
      this.deliverControlFrame(message);
      return;
    }
    if (channel === this.deps.interestChannel) {
      this.deps.interest.handleNotice(message);
      return;
    }
    const room = this.roomOfChannel(channel);
    if (room === undefined || !this.deps.handlers.hasRoom(room)) {
      return;
    }
    const onError = (error: unknown) =>
      this.deps.errors.error({ err: error, room: roomKey(room) }, 'room listener failed');
    if (room.name === 'device') {
      const tree = decodeTreeFrame(String(room.id), message);
      if (tree === undefined) {
        this.deps.errors.error({ channel }, 'redis frame ignored: not a device tree frame');
        return;
      }
      this.deps.handlers.deliverToRoom(room as Room<'device'>, { name: 'tree', data: tree }, onError);
      return;
    }
    const event = this.decodeForeignRoomFrame(room.name, channel, message);
    if (event !== undefined) {
      this.deps.handlers.deliverToRoom(room as Room<EveryRoomName>, event, onError);
    }
  }

  /** A frame that came through a pattern: for the subscribers of every room of its name. */
  patternMessage(channel: string, message: string): void {
    const room = this.roomOfChannel(channel);
    if (room === undefined || room.name === 'device') {
      return;
    }
    const event = this.decodeForeignRoomFrame(room.name, channel, message);
    if (event !== undefined) {
      this.deps.handlers.deliverToEvery(room.name, event, (error) =>
        this.deps.errors.error({ err: error, room: roomKey(room) }, 'room listener failed'),
      );
    }
  }

  /** The event of another instance's room frame; undefined for this instance's own copy or a bad frame. */
  private decodeForeignRoomFrame<N extends EveryRoomName>(
    name: N,
    channel: string,
    message: string,
  ): RoomEvent<N> | undefined {
    const frame = decodeRoomFrame(name, message);
    if (frame === undefined) {
      this.deps.errors.error({ channel }, 'redis frame ignored: not a room frame');
      return undefined;
    }
    return frame.origin === this.deps.instanceId ? undefined : frame.event;
  }

  private roomOfChannel(channel: string): Room | undefined {
    return channel.startsWith(this.deps.prefix)
      ? roomOfKey(channel.slice(this.deps.prefix.length))
      : undefined;
  }

  private deliverControlFrame(message: string): void {
    const frame = decodeControlFrame(message);
    if (frame === undefined) {
      this.deps.errors.error(
        { channel: this.deps.controlChannel },
        'redis frame ignored: not a control frame',
      );
      return;
    }
    if (frame.origin === this.deps.instanceId) {
      return;
    }
    if ('former' in frame) {
      this.deliverFormerNotifications(frame.former);
      return;
    }
    deliverControl(this.deps.controlListeners, frame.event, (error) =>
      this.deps.errors.error({ err: error, event: frame.event.name }, 'control listener failed'),
    );
  }

  /** An older instance's notifications (control-events.ts): to this instance's site rooms, per site. */
  private deliverFormerNotifications(former: FormerNotificationsCreated): void {
    const bySite = new Map<number, number[]>();
    for (const { id, locationId } of former.data.notifications) {
      bySite.set(locationId, [...(bySite.get(locationId) ?? []), id]);
    }
    for (const [locationId, notificationIds] of bySite) {
      this.deps.handlers.deliver(
        siteRoom(locationId),
        { name: 'notifications-created', data: { notificationIds } },
        (error) => this.deps.errors.error({ err: error, room: `site:${locationId}` }, 'room listener failed'),
      );
    }
  }
}
