import type { FastifyInstance } from 'fastify';
import type { Database } from '../src/db/database';
import { assignToSite, buildClient, buildSite, buildUser, TEST_PASSWORD } from './factories';
import { authHeader } from './test-app';

/** A 1×1 PNG. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

export type RoleHeaders = {
  superuser: string;
  oem: string;
  accounts: string;
  manager: string;
  engineer: string;
  user: string;
};

/** One signed-in person per role of A section 6, for permission tests. */
export async function signInEveryRole(app: FastifyInstance, db: Database): Promise<RoleHeaders> {
  const client = await buildClient(db);
  const site = await buildSite(db, client);
  const superuser = await buildUser(db, { roles: { isSuperuser: true } });
  const oem = await buildUser(db, { roles: { isOem: true } });
  const accounts = await buildUser(db, { roles: { isAccountsManagement: true } });
  const manager = await buildUser(db, { roles: { isManager: true } });
  const engineer = await buildUser(db, { roles: { isEngineer: true } });
  const user = await buildUser(db);
  await assignToSite(db, accounts, site, 'Manager');
  await assignToSite(db, manager, site, 'Manager');
  await assignToSite(db, engineer, site, 'Engineer');
  await assignToSite(db, user, site, 'User');
  const sign = (email: string) => authHeader(app, email, TEST_PASSWORD);
  return {
    superuser: await sign(superuser.email),
    oem: await sign(oem.email),
    accounts: await sign(accounts.email),
    manager: await sign(manager.email),
    engineer: await sign(engineer.email),
    user: await sign(user.email),
  };
}

/** A multipart/form-data body holding one file. */
export function multipartFile(
  bytes: Buffer,
  options: { filename?: string; contentType?: string; field?: string } = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----vigil-test-boundary';
  const head =
    `--${boundary}\r\nContent-Disposition: form-data; name="${options.field ?? 'logo'}"; ` +
    `filename="${options.filename ?? 'logo.png'}"\r\nContent-Type: ${options.contentType ?? 'image/png'}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** The bytes of a base64 data URL. */
export function dataUrlBytes(dataUrl: string): Buffer {
  return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
}
