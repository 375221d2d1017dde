import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { COMMON_MESSAGES } from '@vigil/contracts';
import type { FastifyInstance } from 'fastify';

const API_PREFIXES = ['/api/', '/ws/'];

/**
 * Serves the built web app; unknown API paths answer 404 JSON, and every other GET answers
 * index.html so the browser's router handles it.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  const indexFile = path.join(distDir, 'index.html');
  const hasBuild = fs.existsSync(indexFile);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each text asset: sent as they are when the browser accepts
      // them (Content-Encoding, Vary: Accept-Encoding), the plain file otherwise.
      preCompressed: true,
      globIgnore: ['**/*.br', '**/*.gz'],
      setHeaders: (res, filePath) => {
        // Vite fingerprints files under assets/, so they can be cached for good.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isApi = API_PREFIXES.some((prefix) => url.startsWith(prefix)) || url === '/api';
    if (isApi || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.code(404).send({ detail: COMMON_MESSAGES.notFound });
    }
    if (!hasBuild) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The Vigil web app is not built yet: run `npm run build` (npm start does it for you).');
    }
    reply.header('Cache-Control', 'no-cache');
    return reply.type('text/html; charset=utf-8').send(fs.createReadStream(indexFile));
  });
}
