/**
 * The address a signed-in request came from, carried by the acting user the routes hand to the services
 * (docs/audit.md 'Who and from where'). app.authenticate sets it in one place, on the request's own copy of the
 * user, so no service takes a new parameter: a service passes its actor on, and the audit trail reads the address
 * off it. A symbol key: never serialised, never a column, never confused with the user's postal `address`.
 */
const REQUEST_ADDRESS = Symbol('vigil.requestAddress');

type Addressed = { readonly [REQUEST_ADDRESS]?: string };

/** A copy of the user that carries the request's address (Fastify's request.ip, TRUST_PROXY applied). */
export function withRequestAddress<T extends object>(user: T, address: string): T {
  return { ...user, [REQUEST_ADDRESS]: address };
}

/** The address of the request the user acts in; null off a request (a CLI command, a job, a test's fake). */
export function requestAddressOf(user: object): string | null {
  return (user as Addressed)[REQUEST_ADDRESS] ?? null;
}
