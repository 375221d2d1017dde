import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { latestTreeReader } from '../ingest/latest-tree';
import type { SensorSettingsDeps } from './device-settings';
import { FixNotificationsService } from './fix-notifications.service';
import { loadSensorImages, sensorImageFilesRoutes } from './sensor-image-files';
import { SensorImagesService } from './sensor-images.service';
import { sensorNamesRoutes } from './sensor-names.routes';
import { SensorNamesService } from './sensor-names.service';
import { SensorNamesTransferService } from './sensor-names-transfer.service';
import { sensorSettingsRoutes } from './sensor-settings.routes';
import { SensorTypesService } from './sensor-types.service';

/**
 * Sensor settings (docs/sensor-settings.md): names, types, images, the display settings, fix-notifications/ and
 * the sensor pictures. Registered after the ingest, whose newest trees it reads.
 */
export async function registerSensorSettings(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx;
  const latestTree = latestTreeReader(db, app.ingest);
  const deps: SensorSettingsDeps = { db, latestTree, events: ctx.events };
  const names = new SensorNamesService(deps);
  const transfer = new SensorNamesTransferService({ ...deps, names });
  await app.register(sensorNamesRoutes, { names, transfer });
  await app.register(sensorSettingsRoutes, {
    deps,
    types: new SensorTypesService(deps),
    images: new SensorImagesService(deps),
    fixes: new FixNotificationsService(deps),
  });
  await app.register(sensorImageFilesRoutes, { files: await loadSensorImages() });
}
