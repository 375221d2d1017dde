import { parseArgs } from 'node:util';
import { configOrExit, fail, loadDotEnv, openMigratedDatabase, say } from '../runtime';
import { createSuperuserCommand } from './create-superuser';
import { hardwareCommand } from './hardware';
import { seedDemoCommand } from './seed-demo';

const USAGE = `Usage: npm run cli -- <command> [options]

Commands:
  migrate                                   apply database migrations
  create-superuser --email E --password P [--name "Full Name"]
                                            create a super user
  hardware add --serial S --code C --type T --udf-id U
                                            provision one hardware unit
  hardware import FILE.csv                  provision units from a CSV (serial_number,code,device_type,udf_id);
                                            every line is checked, and nothing is imported if any fails
  seed-demo                                 load the demo data set and print its accounts`;

type Command = (db: Awaited<ReturnType<typeof openMigratedDatabase>>['db'], args: string[]) => Promise<void>;

const COMMANDS: Record<string, Command> = {
  migrate: async () => say('Migrations applied.'),
  'create-superuser': createSuperuserCommand,
  'seed-demo': seedDemoCommand,
  hardware: hardwareCommand,
};

loadDotEnv();
const { positionals } = parseArgs({ args: process.argv.slice(2), allowPositionals: true, strict: false });
const name = positionals[0];
if (name === undefined || name === 'help' || process.argv.includes('--help')) {
  say(USAGE);
  process.exit(name === undefined ? 1 : 0);
}
const command = COMMANDS[name];
if (command === undefined) {
  fail(`Unknown command '${name}'.\n\n${USAGE}`);
}

const config = configOrExit();
const database = await openMigratedDatabase(config);
let exitCode = 0;
try {
  await command(database.db, process.argv.slice(3));
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  exitCode = 1;
} finally {
  await database.close();
}
process.exit(exitCode);
