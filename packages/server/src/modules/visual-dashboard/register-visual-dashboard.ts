import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { latestTreeReader } from '../ingest/latest-tree';
import { DiagramChanges } from './diagram-changes';
import { diagramFeedRoutes } from './diagram-feed.routes';
import { machineActivityRoutes } from './machine-activity.routes';
import { MachineActivityService } from './machine-activity.service';
import { machineDetailRoutes } from './machine-detail.routes';
import { MachineDetailService } from './machine-detail.service';
import { machineGraphsRoutes } from './machine-graphs.routes';
import { MachineGraphsService } from './machine-graphs.service';
import { machineTypesRoutes } from './machine-types/machine-types.routes';
import { MachineTypesService } from './machine-types/machine-types.service';
import { schemasRoutes } from './schemas.routes';
import { SchemasService } from './schemas.service';
import { searchSensorRoutes } from './search-sensor.routes';
import { SearchSensorService } from './search-sensor.service';
import { TabSaveService } from './tab-save.service';
import { tabsRoutes } from './tabs.routes';
import { TabsService } from './tabs.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Tells the tab and machine sockets of every instance that their bindings changed (the tab save; tests). */
    diagramChanges: DiagramChanges;
  }
}

/**
 * The visual dashboard (M 'Visual dashboard', section 7 'Visual dashboard (api/v2)'; docs/visual-dashboard.md):
 * the machine-type library and its pictures, the schemas and tabs of a site, sensor search, machine details, and
 * the live sockets of a tab and a machine. Every signed-in call needs `visual_dashboard_enabled`
 * (visual-dashboard-access.ts). Registered after the ingest, whose latest trees the sockets send first, and after
 * the graphs, whose service reads a machine's 24-hour graphs.
 */
export async function registerVisualDashboard(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const changes = new DiagramChanges(ctx.bus);
  app.decorate('diagramChanges', changes);
  const machineTypes = new MachineTypesService();
  await app.register(machineTypesRoutes, { machineTypes });
  await app.register(schemasRoutes, { schemas: new SchemasService({ db: ctx.db, events: ctx.events }) });
  await app.register(machineDetailRoutes, {
    machineDetail: new MachineDetailService({ db: ctx.db, machineTypes }),
  });
  await app.register(machineActivityRoutes, { activity: new MachineActivityService({ db: ctx.db }) });
  await app.register(machineGraphsRoutes, {
    machineGraphs: new MachineGraphsService({ db: ctx.db, graphs: app.graphs }),
  });
  await app.register(searchSensorRoutes, { searchSensor: new SearchSensorService({ db: ctx.db }) });
  const tabDeps = { db: ctx.db, latestTree: latestTreeReader(ctx.db, app.ingest), changes };
  await app.register(tabsRoutes, { tabs: new TabsService(tabDeps), saves: new TabSaveService(tabDeps) });
  await app.register(diagramFeedRoutes, {
    db: ctx.db,
    authenticator: ctx.authenticator,
    bus: ctx.bus,
    ingest: app.ingest,
    liveSockets: ctx.limits.liveSockets,
  });
}
