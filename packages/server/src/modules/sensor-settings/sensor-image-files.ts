import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { COMMON_MESSAGES, SENSOR_IMAGE_TYPES } from '@vigil/contracts';
import type { FastifyInstance } from 'fastify';
import { serverPath } from '../../paths/package-root';

/** Where the sensor pictures drawn for Vigil live (one SVG per image type). */
export const SENSOR_IMAGES_DIR = serverPath('assets', 'sensor-images');

/** Pictures never change under a name: a new drawing gets a new file name. */
const CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** Reads every picture of SENSOR_IMAGE_TYPES once; a missing file fails the start, not a request. */
export async function loadSensorImages(dir = SENSOR_IMAGES_DIR): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  for (const { file } of SENSOR_IMAGE_TYPES) {
    files.set(`${file}.svg`, await readFile(path.join(dir, `${file}.svg`)));
  }
  return files;
}

/**
 * GET /static/sensor-images/{name}.svg: public (img tags send no token), long cache. Only names of the list
 * are answered, from memory, so no path reaches the file system.
 */
export async function sensorImageFilesRoutes(
  app: FastifyInstance,
  options: { files: Map<string, Buffer> },
): Promise<void> {
  app.get<{ Params: { name: string } }>(
    '/static/sensor-images/:name',
    { schema: { hide: true } },
    async (request, reply) => {
      const body = options.files.get(request.params.name);
      if (body === undefined) {
        return reply
          .code(404)
          .type('application/json; charset=utf-8')
          .send({ detail: COMMON_MESSAGES.notFound });
      }
      return reply.type('image/svg+xml').header('Cache-Control', CACHE_CONTROL).send(body);
    },
  );
}
