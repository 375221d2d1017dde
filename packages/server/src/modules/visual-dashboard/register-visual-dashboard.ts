import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { machineTypesRoutes } from './machine-types/machine-types.routes';
import { MachineTypesService } from './machine-types/machine-types.service';
import { schemasRoutes } from './schemas.routes';
import { SchemasService } from './schemas.service';

/**
 * The visual dashboard (M 'Visual dashboard', section 7 'Visual dashboard (api/v2)'; docs/visual-dashboard.md):
 * the machine-type library and its pictures, and the schemas of a site. Every signed-in call needs `visual_dashboard_enabled`
 * (visual-dashboard-access.ts).
 */
export async function registerVisualDashboard(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(machineTypesRoutes, { machineTypes: new MachineTypesService() });
  await app.register(schemasRoutes, { schemas: new SchemasService({ db: ctx.db }) });
}
