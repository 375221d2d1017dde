import { FeedAuthFrameSchema, type LIVE_FEED_CLOSE } from '@vigil/contracts';
import type { RawData } from 'ws';
import type { ControlEvent, ControlEvents } from './control-events';

/** Who holds a socket, as the token check answers (an AuthContext fits): the person, the session, its end. */
export type SocketHolder = { user: { id: number }; session: { id: string; expiresAt: Date } };

/** 4401: no valid token (or the session ended); 4403: no access to what the socket serves. */
export type SocketCloseCode = (typeof LIVE_FEED_CLOSE)['unauthenticated' | 'forbidden'];

/** What the socket may serve (its grant), or the code to close it with. */
export type Authorization<G> = { ok: true; grant: G } | { ok: false; code: SocketCloseCode };

export type AccessChange = ControlEvents['access-changed'];

/** The token of an auth frame `{"cmd":"auth","token":"…"}`, or undefined for anything else. */
export function tokenOfAuthFrame(data: RawData, isBinary: boolean): string | undefined {
  if (isBinary) {
    return undefined;
  }
  try {
    const frame = FeedAuthFrameSchema.safeParse(JSON.parse(data.toString()));
    return frame.success ? frame.data.token : undefined;
  } catch {
    return undefined;
  }
}

/** The `?token=` of a socket's request, if it has one. */
export function queryTokenOf(query: unknown): string | undefined {
  const { token } = (query ?? {}) as { token?: unknown };
  return typeof token === 'string' ? token : undefined;
}

/**
 * Whether a control event can concern a socket held by `holder` with `grant`: a revocation of its session or
 * of every session of its person; an access change naming nothing or its person, or one the domain's rule picks.
 */
export function concernsSocket<G>(
  event: ControlEvent,
  holder: SocketHolder,
  grant: G,
  isConcernedBy?: (change: AccessChange, grant: G) => boolean,
): boolean {
  if (event.name === 'session-revoked') {
    const { sessionId, userId } = event.data;
    return sessionId === holder.session.id || userId === holder.user.id;
  }
  const change = event.data;
  const { userId, locationId, udfId, clientId } = change;
  if (userId === undefined && locationId === undefined && udfId === undefined && clientId === undefined) {
    return true;
  }
  return userId === holder.user.id || (isConcernedBy?.(change, grant) ?? true);
}
