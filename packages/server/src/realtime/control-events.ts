import { z } from 'zod';

/**
 * The realtime bus's control events: signals that a session ended or that someone's access may have changed,
 * so every instance drops what it cached and its live sockets re-check the access they rest on. Published by the
 * services that change sessions or access, after their transaction commits; they reach every instance, unlike a
 * room's events (rooms.ts), which reach the instances with a socket in the room.
 */
export type ControlEvents = {
  /** A session (or every session of a user) was revoked: logout, password change or reset. */
  'session-revoked': { sessionId?: string; userId?: number };
  /**
   * Access to some devices may have changed. A field narrows the sockets concerned: a user's memberships
   * or account, a site, a device, a client; none at all concerns every socket.
   */
  'access-changed': { userId?: number; locationId?: number; udfId?: string; clientId?: number };
};

export type ControlEventName = keyof ControlEvents;

export type ControlEvent = {
  [K in ControlEventName]: { name: K; data: ControlEvents[K] };
}[ControlEventName];

export type ControlListener = (event: ControlEvent) => void;

/** What the services need of the bus: publishing a control event on every instance. */
export type ControlPublisher = { publishControl(event: ControlEvent): void };

const id = z.number().int();

/** A control event as it travels between instances (redis-bus.ts); anything else is ignored. */
export const ControlEventSchema = z.discriminatedUnion('name', [
  z.object({
    name: z.literal('session-revoked'),
    data: z.object({ sessionId: z.string().optional(), userId: id.optional() }),
  }),
  z.object({
    name: z.literal('access-changed'),
    data: z.object({
      userId: id.optional(),
      locationId: id.optional(),
      udfId: z.string().optional(),
      clientId: id.optional(),
    }),
  }),
]);

/**
 * New notifications as instances before 2026-11-28 announce them, on the control channel: read so that during
 * a rolling upgrade sockets on upgraded instances still get the notifications older instances project
 * (redis-bus.ts hands them to the site rooms). Upgraded instances publish them in the site rooms.
 */
export const FormerNotificationsCreatedSchema = z.object({
  name: z.literal('notifications-created'),
  data: z.object({ notifications: z.array(z.object({ id, locationId: id })).max(1000) }),
});

export type FormerNotificationsCreated = z.infer<typeof FormerNotificationsCreatedSchema>;
