import { Secret, TOTP } from 'otpauth';
import { deriveKey } from '../../src/context';
import { twoFactorDevices } from '../../src/db/tables/two-factor.table';
import { encryptSecret } from '../../src/modules/two-factor/secret-box';
import { buildClientUser } from '../factories';
import { TEST_JWT_SECRET } from '../test-app';
import { A, D, EVERY_SIGNED_IN, type RouteCase } from './cases';
import type { World } from './world';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const sealed = () => encryptSecret(deriveKey(TEST_JWT_SECRET, 'encryption'), SECRET);

/** Gives every person of the world a device with a known secret, pending or confirmed. */
async function giveDevices({ db, users }: World, confirmed: boolean): Promise<void> {
  for (const user of Object.values(users)) {
    const values = {
      secretEncrypted: sealed(),
      confirmedAt: confirmed ? new Date() : null,
      lastUsedStep: null,
    };
    await db
      .insert(twoFactorDevices)
      .values({ userId: user.id, ...values })
      .onConflictDoUpdate({ target: twoFactorDevices.userId, set: values });
  }
}

function currentCode(): string {
  return new TOTP({ secret: Secret.fromBase32(SECRET) }).generate();
}

/**
 * The 2fa/ calls. Walked in this order, ending with disable-2FA/, so the world leaves with no
 * devices and the gate holds nobody in later cases.
 */
export const twoFactorCases: RouteCase[] = [
  {
    method: 'POST',
    route: '/api/v1/2fa/setup_2fa/',
    request: async ({ db }) => {
      await db.delete(twoFactorDevices);
      return { url: '/api/v1/2fa/setup_2fa/' };
    },
    expect: EVERY_SIGNED_IN,
  },
  {
    method: 'GET',
    route: '/api/v1/2fa/retrieve-code/',
    request: async (world) => {
      await giveDevices(world, false);
      return { url: '/api/v1/2fa/retrieve-code/' };
    },
    expect: EVERY_SIGNED_IN,
  },
  {
    method: 'POST',
    route: '/api/v1/2fa/verify_2fa/',
    request: async (world) => {
      await giveDevices(world, false);
      return { url: '/api/v1/2fa/verify_2fa/', payload: { token: currentCode() } };
    },
    expect: EVERY_SIGNED_IN,
  },
  {
    method: 'GET',
    route: '/api/v1/2fa/is_2fa_required/',
    request: () => ({ url: '/api/v1/2fa/is_2fa_required/' }),
    expect: EVERY_SIGNED_IN,
  },
  {
    method: 'POST',
    route: '/api/v1/2fa/disable_2FA_via_id/{id}/',
    request: async (world) => {
      const target = await buildClientUser(world.db, world.clientA, { site: world.siteA1 });
      await world.db
        .insert(twoFactorDevices)
        .values({ userId: target.id, secretEncrypted: sealed(), confirmedAt: new Date() });
      return { url: `/api/v1/2fa/disable_2FA_via_id/${target.id}/` };
    },
    expect: [A, A, A, D, D, D, D, D],
  },
  {
    method: 'POST',
    route: '/api/v1/2fa/disable-2FA/',
    request: () => ({ url: '/api/v1/2fa/disable-2FA/' }),
    expect: EVERY_SIGNED_IN,
  },
];
