import { z } from 'zod';

/**
 * The realtime bus's control channel: signals that a session ended or that someone's access may have
 * changed, so every instance re-checks the live-feed sockets they can concern and drops cached devices.
 * Published by the services that change sessions or access, after their transaction commits.
 */
export type ControlEvents = {
  /** A session (or every session of a user) was revoked: logout, password change or reset. */
  'session-revoked': { sessionId?: string; userId?: number };
  /**
   * Access to some devices may have changed. A field narrows the sockets concerned: a user's memberships
   * or account, a site, a device, a client; none at all concerns every socket.
   */
  'access-changed': { userId?: number; locationId?: number; udfId?: string; clientId?: number };
  /**
   * New notifications were committed (modules/notifications): every instance pushes them to the
   * ws/current-user-notifications/ sockets of the users who see their sites.
   */
  'notifications-created': { notifications: Array<{ id: number; locationId: number }> };
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
  z.object({
    name: z.literal('notifications-created'),
    data: z.object({ notifications: z.array(z.object({ id: z.number().int(), locationId: id })).max(1000) }),
  }),
]);

/** What one live-feed socket watches, known once its token was accepted. */
export type FeedGrant = {
  udfId: string;
  userId: number;
  sessionId: string;
  locationId: number;
  clientId: number;
};

/** Whether a control event can concern a socket with this grant (so it must re-check its access). */
export function concernsGrant(event: ControlEvent, grant: FeedGrant): boolean {
  if (event.name === 'session-revoked') {
    const { sessionId, userId } = event.data;
    return sessionId === grant.sessionId || userId === grant.userId;
  }
  if (event.name !== 'access-changed') {
    return false;
  }
  const { userId, locationId, udfId, clientId } = event.data;
  if (userId === undefined && locationId === undefined && udfId === undefined && clientId === undefined) {
    return true;
  }
  return (
    userId === grant.userId ||
    locationId === grant.locationId ||
    udfId === grant.udfId ||
    clientId === grant.clientId
  );
}
