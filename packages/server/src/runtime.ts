import fs from 'node:fs';
import { type Config, ConfigError, loadConfig } from './config';
import { DataDirBusyError } from './db/data-dir-lock';
import { type DatabaseHandle, databaseOptionsFor, openDatabase } from './db/database';

/** Reads `.env` from the working directory when present (variables already set win). */
export function loadDotEnv(): void {
  if (fs.existsSync('.env')) {
    process.loadEnvFile('.env');
  }
}

/** Writes one line for the person at the terminal. */
export function say(line: string): void {
  process.stdout.write(`${line}\n`);
}

/** Stops the process with one clear line on stderr. */
export function fail(line: string): never {
  process.stderr.write(`${line}\n`);
  process.exit(1);
}

/** Configuration, or exit with one line naming every bad variable. */
export function configOrExit(): Config {
  try {
    return loadConfig(process.env, { isTerminal: process.stdout.isTTY === true });
  } catch (error) {
    if (error instanceof ConfigError) {
      fail(error.message);
    }
    throw error;
  }
}

/** Opens and migrates the configured database, or exits with one line when another process holds it. */
export async function openMigratedDatabase(config: Config): Promise<DatabaseHandle> {
  let database: DatabaseHandle;
  try {
    database = await openDatabase(databaseOptionsFor(config));
  } catch (error) {
    if (error instanceof DataDirBusyError) {
      fail(error.message);
    }
    throw error;
  }
  await database.migrate();
  return database;
}

/** The one line that says why the HTTP server could not listen, and how to choose another port or address. */
export function listenFailure(error: unknown, config: Pick<Config, 'port' | 'host'>): string {
  switch ((error as NodeJS.ErrnoException).code) {
    case 'EADDRINUSE':
      return `HTTP port ${config.port} is already in use (another Vigil or web server?): set PORT to a free port, e.g. PORT=8081 npm start.`;
    case 'EACCES':
      return `HTTP port ${config.port} needs privileges this user lacks: set PORT to a port above 1023, e.g. PORT=8080.`;
    case 'EADDRNOTAVAIL':
      return `HOST ${config.host} is not an address of this machine: set HOST, e.g. HOST=0.0.0.0.`;
    default:
      return `The HTTP server could not listen on ${config.host}:${config.port}: ${error instanceof Error ? error.message : String(error)}`;
  }
}
