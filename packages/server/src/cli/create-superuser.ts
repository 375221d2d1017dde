import { parseArgs } from 'node:util';
import type { Database } from '../db/database';
import { AppError } from '../errors';
import { firstMessage, UsersService } from '../modules/users/users.service';
import { say } from '../runtime';

/** create-superuser --email E --password P [--name N]: non-interactive, exit 1 with one line on failure. */
export async function createSuperuserCommand(db: Database, args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } },
    strict: true,
  });
  if (values.email === undefined || values.password === undefined) {
    throw new Error('create-superuser needs --email and --password (and optionally --name "Full Name").');
  }
  try {
    const user = await new UsersService({ db }).create({
      email: values.email,
      password: values.password,
      fullName: values.name ?? '',
      roles: { isSuperuser: true, visualDashboardEnabled: true },
    });
    say(`Superuser ${user.email} created. Sign in with this e-mail and password.`);
  } catch (error) {
    if (error instanceof AppError) {
      throw new Error(`Superuser not created: ${firstMessage(error)}`);
    }
    throw error;
  }
}
