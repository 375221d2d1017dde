import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { machineTypesRoutes } from './machine-types/machine-types.routes';
import { MachineTypesService } from './machine-types/machine-types.service';

/**
 * The visual dashboard (M 'Visual dashboard', section 7 'Visual dashboard (api/v2)'; docs/visual-dashboard.md):
 * so far the machine-type library and its pictures. Every signed-in call needs `visual_dashboard_enabled`
 * (visual-dashboard-access.ts).
 */
export async function registerVisualDashboard(app: FastifyInstance, _ctx: AppContext): Promise<void> {
  await app.register(machineTypesRoutes, { machineTypes: new MachineTypesService() });
}
