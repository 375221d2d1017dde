import type { FastifyRequest } from 'fastify';
import { requireAuth } from '../../access/authenticate';
import type { UserRow } from '../../db/tables/users.table';
import { AppError } from '../../errors';

/** The 403 detail of a person without the visual dashboard (the web redirects to / on it, M 'Visual dashboard'). */
export const VISUAL_DASHBOARD_DISABLED = 'The visual dashboard is not enabled for this account.';

/**
 * The rule of the whole visual dashboard (M section 6: 'visual_dashboard_enabled gates everything (403
 * otherwise)'): a signed-in person whose `visual_dashboard_enabled` is false is refused every call of the domain,
 * staff included. The rules of a site (who views, who edits) come after this one.
 */
export function assertVisualDashboard(user: UserRow): void {
  if (!user.visualDashboardEnabled) {
    throw new AppError('forbidden', VISUAL_DASHBOARD_DISABLED);
  }
}

/**
 * onRequest check after app.authenticate on every signed-in route of the domain, so a person without the visual
 * dashboard gets 403 before a body or parameter is validated; the services assert the same rule.
 */
export async function requireVisualDashboard(request: FastifyRequest): Promise<void> {
  assertVisualDashboard(requireAuth(request).user);
}
