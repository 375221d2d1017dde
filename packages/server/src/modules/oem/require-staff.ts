import type { FastifyRequest } from 'fastify';
import { assertStaff } from '../../access/access';
import { requireAuth } from '../../access/authenticate';

/** onRequest check after app.authenticate, so a refused role gets 403 before its body is validated. */
export async function requireStaff(request: FastifyRequest): Promise<void> {
  assertStaff(requireAuth(request).user);
}
