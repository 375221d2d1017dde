import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/**
 * A new PGlite, open: on a data directory (`<dataDir>/pgdata`), else in memory, empty or started from
 * `snapshot`, a `dumpDataDir()` tarball (tests). Used on the server's thread and in the worker alike.
 */
export async function openPgliteInstance(dataDir: string | undefined, snapshot?: string): Promise<PGlite> {
  const pglite =
    dataDir !== undefined
      ? new PGlite(path.join(dataDir, 'pgdata'))
      : new PGlite(snapshot === undefined ? {} : { loadDataDir: new Blob([await readFile(snapshot)]) });
  await pglite.waitReady;
  return pglite;
}
