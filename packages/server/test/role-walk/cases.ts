import type { World } from './world';

/** allow: a 2xx answer. deny: 401 for a visitor, 403 or 404 for a signed-in user. */
export type Outcome = 'allow' | 'deny';

/** Roles in the column order of docs/permissions.md: su, oem, am, mgr, eng, user, other, visitor. */
export type Row = [Outcome, Outcome, Outcome, Outcome, Outcome, Outcome, Outcome, Outcome];

/** `headers` are added to the role's Authorization header (e.g. a multipart content type). */
export type RouteRequest = { url: string; payload?: unknown; headers?: Record<string, string> };

export type RouteCase = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The route pattern as in the OpenAPI document, e.g. /api/v1/clients/{id}/ */
  route: string;
  /** Which target this case walks, when a route has several cases (e.g. 'person of clients A and B'). */
  target?: string;
  /** Builds a fresh request for one role (create the target here when the call changes or removes it). */
  request: (world: World) => Promise<RouteRequest> | RouteRequest;
  expect: Row;
};

const A: Outcome = 'allow';
const D: Outcome = 'deny';
export const EVERY_SIGNED_IN: Row = [A, A, A, A, A, A, A, D];
export const PUBLIC: Row = [A, A, A, A, A, A, A, A];
export const STAFF_ONLY: Row = [A, A, D, D, D, D, D, D];
export const SUPERUSER_ONLY: Row = [A, D, D, D, D, D, D, D];
export { A, D };

/** The case's line in docs/permissions.md and its test name. */
export function caseLabel(routeCase: RouteCase): string {
  const call = `${routeCase.method} ${routeCase.route}`;
  return routeCase.target === undefined ? call : `${call} (${routeCase.target})`;
}
