import { COMMON_MESSAGES, DEVICE_MESSAGES, HardwareUnitSchema, NON_FIELD_ERRORS } from '@vigil/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assignToSite,
  buildClient,
  buildDevice,
  buildHardwareUnit,
  buildSite,
  buildUser,
  TEST_PASSWORD,
} from '../../../test/factories';
import { authHeader, buildTestApp, type TestApp } from '../../../test/test-app';
import type { RoleFlagsInput } from '../users/users.service';

const BASE = '/api/v1/hardware/';

describe('hardware API (staff)', () => {
  let t: TestApp;
  let admin: string;
  let oem: string;
  let accounts: string;
  let manager: string;

  beforeAll(async () => {
    t = await buildTestApp();
    const client = await buildClient(t.db);
    const site = await buildSite(t.db, client);
    const login = async (roles: RoleFlagsInput, member: boolean) => {
      const user = await buildUser(t.db, { roles });
      if (member) {
        await assignToSite(t.db, user, site, 'Manager');
      }
      return authHeader(t.app, user.email, TEST_PASSWORD);
    };
    admin = await login({ isSuperuser: true }, false);
    oem = await login({ isOem: true }, false);
    accounts = await login({ isAccountsManagement: true }, true);
    manager = await login({ isManager: true }, true);
  });
  afterAll(async () => t.close());

  const post = (authorization: string | undefined, payload: object) =>
    t.app.inject({ method: 'POST', url: BASE, headers: authorization ? { authorization } : {}, payload });

  it('provisions a unit (201) and lists it with its code for staff', async () => {
    const created = await post(admin, {
      serial_number: 'HW-1',
      code: 'secret',
      device_type: '0006',
      udf_id: 'HW1',
    });
    expect(created.statusCode).toBe(201);
    expect(HardwareUnitSchema.parse(created.json())).toMatchObject({
      serial_number: 'HW-1',
      code: 'secret',
      device: null,
    });
    const list = await t.app.inject({ url: `${BASE}?search=hw-1`, headers: { authorization: oem } });
    expect(list.json()).toMatchObject({
      count: 1,
      results: [{ serial_number: 'HW-1', device_type: '0006' }],
    });
  });

  it('answers each bad field with its message and refuses duplicates', async () => {
    expect((await post(admin, {})).json()).toEqual({
      serial_number: [DEVICE_MESSAGES.serialRequired],
      code: [DEVICE_MESSAGES.codeRequired],
      device_type: [DEVICE_MESSAGES.typeRequired],
      udf_id: [DEVICE_MESSAGES.udfIdRequired],
    });
    const long = await post(admin, {
      serial_number: 'HW-2',
      code: 'c',
      device_type: 'F500',
      udf_id: '123456789',
    });
    expect(long.json()).toEqual({ udf_id: [DEVICE_MESSAGES.udfIdTooLong] });
    await post(oem, { serial_number: 'HW-3', code: 'c', device_type: 'F500', udf_id: 'HW3' });
    const serial = await post(admin, {
      serial_number: 'HW-3',
      code: 'c',
      device_type: 'F500',
      udf_id: 'HW3B',
    });
    expect([serial.statusCode, serial.json()]).toEqual([
      400,
      { serial_number: [DEVICE_MESSAGES.hardwareSerialTaken] },
    ]);
    const udf = await post(admin, { serial_number: 'HW-3B', code: 'c', device_type: 'F500', udf_id: 'HW3' });
    expect(udf.json()).toEqual({ udf_id: [DEVICE_MESSAGES.hardwareUdfIdTaken] });
  });

  it('refuses NUL characters and out-of-range ids with 400', async () => {
    const nul = await post(admin, { serial_number: 'a\u0000b', code: 'c', device_type: 'F500', udf_id: 'N' });
    expect([nul.statusCode, nul.json()]).toEqual([400, { serial_number: [COMMON_MESSAGES.nullCharacter] }]);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `${BASE}99999999999/`,
      headers: { authorization: admin },
    });
    expect(del.statusCode).toBe(400);
  });

  it('removes a free unit (204) but not one a device uses (400)', async () => {
    const free = await buildHardwareUnit(t.db);
    const del = (id: number) =>
      t.app.inject({ method: 'DELETE', url: `${BASE}${id}/`, headers: { authorization: admin } });
    expect((await del(free.id)).statusCode).toBe(204);
    expect((await del(free.id)).statusCode).toBe(404);
    const device = await buildDevice(t.db, await buildSite(t.db, await buildClient(t.db)));
    const used = await del(device.hardwareUnitId);
    expect([used.statusCode, used.json()]).toEqual([
      400,
      { [NON_FIELD_ERRORS]: [DEVICE_MESSAGES.hardwareInUse] },
    ]);
  });

  it('refuses client users (403) and visitors (401)', async () => {
    const unit = await buildHardwareUnit(t.db);
    for (const authorization of [accounts, manager]) {
      expect((await t.app.inject({ url: BASE, headers: { authorization } })).statusCode).toBe(403);
      expect(
        (await post(authorization, { serial_number: 'X', code: 'c', device_type: 'F500', udf_id: 'X' }))
          .statusCode,
      ).toBe(403);
      const del = await t.app.inject({
        method: 'DELETE',
        url: `${BASE}${unit.id}/`,
        headers: { authorization },
      });
      expect(del.statusCode).toBe(403);
    }
    expect((await t.app.inject({ url: BASE })).statusCode).toBe(401);
    expect((await post(undefined, {})).statusCode).toBe(401);
  });
});
