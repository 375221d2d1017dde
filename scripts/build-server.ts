// npm run build (and npm start when the server's inputs changed): compiles the server into packages/server/dist.
// esbuild bundles the server's TypeScript with the workspace packages it imports (contracts, simulator) into ES
// modules; every library of node_modules stays an import, resolved at run time as before. No TypeScript loader
// runs in production (docs/decisions.md 'The compiled server').
import path from 'node:path';
import { build, type Plugin } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const serverSrc = path.join(root, 'packages/server/src');

/** The entry points: the server, its command line, and the PGlite worker (started beside them, by file). */
export const SERVER_ENTRIES = {
  main: path.join(serverSrc, 'main.ts'),
  cli: path.join(serverSrc, 'cli/main.ts'),
  'pglite-worker': path.join(serverSrc, 'db/pglite-worker.ts'),
};

/** Bare imports of libraries stay imports; the workspace's own packages (TypeScript sources) are bundled. */
const librariesExternal: Plugin = {
  name: 'libraries-external',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@vigil/') ? undefined : { path: args.path, external: true },
    );
  },
};

export async function buildServer(outdir = path.join(root, 'packages/server/dist')): Promise<void> {
  await build({
    entryPoints: SERVER_ENTRIES,
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: true,
    // Stack traces and log lines keep the source's names.
    keepNames: true,
    logLevel: 'warning',
    plugins: [librariesExternal],
  });
}

if (process.argv[1] === import.meta.filename) {
  const outdir = process.argv[2] === undefined ? undefined : path.resolve(process.argv[2]);
  await buildServer(outdir);
}
