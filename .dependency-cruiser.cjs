// The server's layers (docs/architecture.md 'Layers'), checked by `npm run lint`:
//   composition root (app.ts, main.ts, cli/, demo/)
//     → domains (modules/*)
//       → access / realtime / events / jobs / mail / limits / captcha
//         → http / db / errors.ts / config.ts / context.ts
//           → @vigil/contracts
// A folder may import its own layer or any layer below it, never one above, and folders never form a cycle.
// Test files are left out: they sit beside the code they test and may reach anything through test/.
const SRC = '^packages/server/src/';
const LOWER = `${SRC}(access|realtime|events|jobs|mail|limits|captcha|http|db|errors\\.ts|config\\.ts|context\\.ts|secrets\\.ts|runtime\\.ts)`;
const BASE = `${SRC}(http|db|errors\\.ts)`;

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-folder-cycle',
      comment:
        'Two folders that import each other (directly or round a loop) cannot be understood, tested or moved ' +
        'apart. Break the loop: move the shared piece down a layer, read through a repository, or publish a ' +
        'typed domain event (docs/adding-a-domain.md).',
      severity: 'error',
      scope: 'folder',
      from: { path: SRC },
      to: { circular: true },
    },
    {
      name: 'no-lower-layer-to-domain',
      comment:
        'access, realtime, events, jobs, mail, limits, captcha, http, db and the root helpers serve every domain and ' +
        'must not know any: a lower layer that needs domain data owns a narrow interface the composition ' +
        'root fills (docs/architecture.md).',
      severity: 'error',
      from: { path: LOWER },
      to: { path: `${SRC}modules/` },
    },
    {
      name: 'no-base-to-middle-layer',
      comment:
        'http, db and errors are the base: they must not import access, realtime, events, jobs, mail, limits or captcha.',
      severity: 'error',
      from: { path: BASE },
      to: { path: `${SRC}(access|realtime|events|jobs|mail|limits|captcha)/` },
    },
    {
      name: 'no-import-of-composition-root',
      comment: 'app.ts, main.ts, cli/ and demo/ assemble the application; nothing below them imports them.',
      severity: 'error',
      from: { path: SRC, pathNot: `${SRC}(app\\.ts|main\\.ts|cli/|demo/)` },
      to: { path: `${SRC}(app\\.ts|main\\.ts|cli/|demo/)` },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['\\.test\\.ts$', '^packages/server/test/'] },
    // Type-only imports count: a type from a domain ties a lower layer to it as surely as a value does.
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.js'] },
  },
};
