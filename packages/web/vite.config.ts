import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** The server (packages/server) listens on 8080; in dev the browser talks to it through this proxy. */
const SERVER_URL = 'http://localhost:8080';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const COMPRESSIBLE = /\.(js|css|html|svg|json)$/;
// Below this a compressed copy saves less than the extra headers and file cost.
const MIN_COMPRESS_BYTES = 1024;

/** Writes .br and .gz beside every text asset once at build time; the server sends them as they are. */
function precompress(): Plugin {
  return {
    name: 'vigil-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      const writes = Object.values(bundle)
        .filter((file) => COMPRESSIBLE.test(file.fileName))
        .map(async (file) => {
          const content = Buffer.from(file.type === 'chunk' ? file.code : file.source);
          if (content.length < MIN_COMPRESS_BYTES) {
            return;
          }
          const target = path.join(outDir, file.fileName);
          const brotliParams = {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          };
          const [br, gz] = await Promise.all([
            brotli(content, { params: brotliParams }),
            gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all([writeFile(`${target}.br`, br), writeFile(`${target}.gz`, gz)]);
        });
      await Promise.all(writes);
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    proxy: {
      '/api': { target: SERVER_URL, changeOrigin: true },
      '/ws': { target: SERVER_URL, ws: true, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // React and the router are on every page and change less often than the app: their own chunk
        // stays cached across releases. antd is left to the route splitting, so a page loads only the
        // components it uses.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
              priority: 20,
            },
          ],
        },
      },
    },
  },
});
