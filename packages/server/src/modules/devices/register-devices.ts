import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { devicesRoutes } from './devices.routes';
import { DevicesService } from './devices.service';
import { DeviceListService } from './devices-list.service';
import { historyRoutes } from './history.routes';
import { HistoryService } from './history.service';

/** Devices (M section 2): the list, details, binding to hardware, and their historical records. */
export async function registerDevices(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db, bus, events } = ctx;
  const history = new HistoryService({ db });
  await app.register(devicesRoutes, {
    devices: new DevicesService({ db, bus, events }),
    deviceList: new DeviceListService({ db }),
    history,
  });
  await app.register(historyRoutes, { history });
}
