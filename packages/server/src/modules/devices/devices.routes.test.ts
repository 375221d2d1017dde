import { COMMON_MESSAGES, DEVICE_MESSAGES, DeviceSchema, NON_FIELD_ERRORS } from '@vigil/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildClient,
  buildClientUser,
  buildDevice,
  buildHardwareUnit,
  buildSite,
  buildUser,
  TEST_PASSWORD,
} from '../../../test/factories';
import { authHeader, buildTestApp, type TestApp } from '../../../test/test-app';
import type { ClientRow } from '../../db/tables/clients.table';
import type { LocationRow } from '../../db/tables/sites.table';
import type { UserRow } from '../../db/tables/users.table';
import { getUserById, updateUser } from '../users/users.repo';
import type { RoleFlagsInput } from '../users/users.service';

const LIST = '/api/v1/devices/';

describe('devices API', () => {
  let t: TestApp;
  let client: ClientRow;
  let alpha: LocationRow;
  let beta: LocationRow;
  let foreignSite: LocationRow;
  let superuser: UserRow;
  let oem: UserRow;
  let accounts: UserRow;
  let manager: UserRow;
  let engineer: UserRow;
  let plain: UserRow;
  let foreignManager: UserRow;
  const headers = new Map<number, string>();

  async function member(
    roles: RoleFlagsInput,
    of: ClientRow,
    site?: LocationRow,
    permission?: 'User' | 'Engineer' | 'Manager',
  ) {
    const user = await buildClientUser(t.db, of, { roles, site, permission });
    await updateUser(t.db, user.id, { currentLocationId: site?.id ?? null });
    headers.set(user.id, await authHeader(t.app, user.email, TEST_PASSWORD));
    return user;
  }

  async function staff(roles: RoleFlagsInput) {
    const user = await buildUser(t.db, { roles });
    headers.set(user.id, await authHeader(t.app, user.email, TEST_PASSWORD));
    return user;
  }

  async function call(
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    user?: UserRow,
    payload?: object,
  ) {
    const auth = user === undefined ? {} : { authorization: headers.get(user.id) ?? '' };
    return t.app.inject({ method, url, headers: auth, ...(payload === undefined ? {} : { payload }) });
  }

  async function newDeviceInput(site = alpha, overrides: object = {}) {
    const unit = await buildHardwareUnit(t.db, { deviceType: '0300' });
    return {
      unit,
      input: {
        location: site.id,
        title: 'Conveyor WDC4',
        serial_number: unit.serialNumber,
        code: unit.code,
        device_type: '0300',
        ip_address: '',
        udf_id: unit.udfId,
        ...overrides,
      },
    };
  }

  beforeAll(async () => {
    t = await buildTestApp();
    client = await buildClient(t.db, { company: 'Northfield' });
    const other = await buildClient(t.db, { company: 'Harbor' });
    alpha = await buildSite(t.db, client, { title: 'Alpha' });
    beta = await buildSite(t.db, client, { title: 'Beta' });
    foreignSite = await buildSite(t.db, other, { title: 'Harbor Mill' });
    superuser = await staff({ isSuperuser: true });
    oem = await staff({ isOem: true });
    accounts = await member({ isAccountsManagement: true }, client, alpha, 'User');
    manager = await member({ isManager: true }, client, alpha, 'Manager');
    engineer = await member({ isEngineer: true }, client, alpha, 'Engineer');
    plain = await member({}, client, alpha, 'User');
    foreignManager = await member(
      { isManager: true, isAccountsManagement: true },
      other,
      foreignSite,
      'Manager',
    );
  });
  afterAll(async () => t.close());

  describe('POST devices/', () => {
    it('adds a device bound to the provisioned unit (201), taking udf_id from the unit', async () => {
      const { unit, input } = await newDeviceInput();
      const response = await call('POST', LIST, manager, { ...input, udf_id: undefined });
      expect(response.statusCode).toBe(201);
      const device = DeviceSchema.parse(response.json());
      expect(device).toMatchObject({
        title: 'Conveyor WDC4',
        location: alpha.id,
        serial_number: unit.serialNumber,
        code: unit.code,
        udf_id: unit.udfId,
        device_type: '0300',
        is_online: false,
        is_suspended: false,
        is_emulated_as: null,
        can_edit: true,
      });
    });

    it('lets accounts management, super users and OEM add devices', async () => {
      for (const user of [accounts, superuser, oem]) {
        const { input } = await newDeviceInput();
        expect((await call('POST', LIST, user, input)).statusCode).toBe(201);
      }
    });

    it('answers each missing field with the spec message', async () => {
      const response = await call('POST', LIST, manager, {});
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        location: [DEVICE_MESSAGES.locationRequired],
        title: [DEVICE_MESSAGES.titleRequired],
        serial_number: [DEVICE_MESSAGES.serialRequired],
        code: [DEVICE_MESSAGES.codeRequired],
        device_type: [DEVICE_MESSAGES.typeRequired],
      });
    });

    it('refuses blank texts, an unknown type, a long udf_id and over-long texts', async () => {
      const { input } = await newDeviceInput();
      const blank = await call('POST', LIST, manager, { ...input, title: '  ', code: '', location: '' });
      expect(blank.json()).toEqual({
        location: [DEVICE_MESSAGES.locationRequired],
        title: [DEVICE_MESSAGES.titleRequired],
        code: [DEVICE_MESSAGES.codeRequired],
      });
      const type = await call('POST', LIST, manager, { ...input, device_type: 'F900' });
      expect(type.json()).toEqual({ device_type: [DEVICE_MESSAGES.typeRequired] });
      const udf = await call('POST', LIST, manager, { ...input, udf_id: '123456789' });
      expect(udf.json()).toEqual({ udf_id: [DEVICE_MESSAGES.udfIdTooLong] });
      const long = await call('POST', LIST, manager, { ...input, title: 'x'.repeat(256) });
      expect(long.json()).toEqual({ title: [DEVICE_MESSAGES.tooLong] });
    });

    it("refuses a serial/code that is not provisioned, already used, or whose type or udf_id don't match", async () => {
      const { unit, input } = await newDeviceInput();
      const invalid = { [NON_FIELD_ERRORS]: [DEVICE_MESSAGES.notValidSerialOrCode] };
      for (const bad of [
        { ...input, serial_number: 'NOPE-1' },
        { ...input, code: 'wrong' },
        { ...input, device_type: 'F500' },
        { ...input, udf_id: 'OTHER' },
      ]) {
        const response = await call('POST', LIST, manager, bad);
        expect([response.statusCode, response.json()]).toEqual([400, invalid]);
      }
      expect((await call('POST', LIST, manager, input)).statusCode).toBe(201);
      const again = await call('POST', LIST, manager, { ...input, title: 'Second' });
      expect([again.statusCode, again.json()]).toEqual([400, invalid]);
      expect(unit.udfId.length).toBeLessThanOrEqual(8);
    });

    it('refuses an engineer and a plain user (403), a foreign site (404) and a visitor (401)', async () => {
      const { input } = await newDeviceInput();
      expect((await call('POST', LIST, engineer, input)).statusCode).toBe(403);
      expect((await call('POST', LIST, plain, input)).statusCode).toBe(403);
      expect((await call('POST', LIST, foreignManager, input)).statusCode).toBe(404);
      expect((await call('POST', LIST, undefined, input)).statusCode).toBe(401);
      const { input: foreignInput } = await newDeviceInput(foreignSite);
      expect((await call('POST', LIST, manager, foreignInput)).statusCode).toBe(404);
    });
  });

  describe('GET devices/ and devices/all/', () => {
    it('lists the current site by default, or ?location=, with filters', async () => {
      const online = await buildDevice(t.db, beta, {
        title: 'Zeta online',
        isOnline: true,
        deviceType: '0005',
      });
      await buildDevice(t.db, beta, { title: 'Eta suspended', isSuspended: true });
      const current = (await call('GET', LIST, manager)).json<Array<{ location: number }>>();
      expect(Array.isArray(current)).toBe(true);
      expect(current.every((d) => d.location === alpha.id)).toBe(true);
      const ofBeta = await call('GET', `${LIST}?location=${beta.id}`, accounts);
      expect(ofBeta.json()).toHaveLength(2);
      const filtered = [
        `${LIST}?location=${beta.id}&is_online=true`,
        `${LIST}?location=${beta.id}&device_type=0005`,
        `${LIST}?location=${beta.id}&search=zeta`,
      ];
      for (const url of filtered) {
        const devices = (await call('GET', url, accounts)).json<Array<{ id: number }>>();
        expect(devices.map((d) => d.id)).toEqual([online.id]);
      }
      const suspended = (await call('GET', `${LIST}?location=${beta.id}&is_suspended=True`, accounts)).json();
      expect(suspended).toMatchObject([{ title: 'Eta suspended' }]);
      expect(suspended).toHaveLength(1);
    });

    it('hides the code from users who may not edit, and refuses foreign or unseen sites (404)', async () => {
      await buildDevice(t.db, alpha, { title: 'Code holder' });
      const devices = (await call('GET', `${LIST}?search=Code holder`, plain)).json<
        Array<{ code: string; can_edit: boolean }>
      >();
      expect(devices[0]).toMatchObject({ code: '', can_edit: false });
      expect((await call('GET', `${LIST}?location=${beta.id}`, plain)).statusCode).toBe(404);
      expect((await call('GET', `${LIST}?location=${alpha.id}`, foreignManager)).statusCode).toBe(404);
      expect((await call('GET', LIST)).statusCode).toBe(401);
      expect((await call('GET', `${LIST}?is_online=maybe`, manager)).statusCode).toBe(400);
    });

    it('devices/all/ lists every device the user may see, and only those', async () => {
      const foreign = await buildDevice(t.db, foreignSite, { title: 'Foreign' });
      const betaDevice = await buildDevice(t.db, beta, { title: 'Beta only' });
      const ids = async (user: UserRow) =>
        (await call('GET', `${LIST}all/?limit=1000`, user))
          .json<{ results: Array<{ id: number }> }>()
          .results.map((d) => d.id);
      expect(await ids(superuser)).toEqual(expect.arrayContaining([foreign.id, betaDevice.id]));
      expect(await ids(accounts)).toContain(betaDevice.id);
      expect(await ids(accounts)).not.toContain(foreign.id);
      expect(await ids(plain)).not.toContain(betaDevice.id);
      expect(await ids(foreignManager)).toEqual([foreign.id]);
      expect((await call('GET', `${LIST}all/`)).statusCode).toBe(401);
      expect((await call('GET', `${LIST}all/`, superuser)).json()).toMatchObject({
        count: expect.any(Number),
        results: expect.any(Array),
      });
    });
  });

  describe('one device', () => {
    it('reads a device for site members; 404 for another tenant; 401 for a visitor', async () => {
      const device = await buildDevice(t.db, alpha);
      expect((await call('GET', `${LIST}${device.id}/`, plain)).json()).toMatchObject({
        id: device.id,
        can_edit: false,
      });
      expect((await call('GET', `${LIST}${device.id}/`, engineer)).json()).toMatchObject({ can_edit: true });
      expect((await call('GET', `${LIST}${device.id}/`, foreignManager)).statusCode).toBe(404);
      expect((await call('GET', `${LIST}999999/`, superuser)).statusCode).toBe(404);
      expect((await call('GET', `${LIST}${device.id}/`)).statusCode).toBe(401);
      expect((await call('GET', `${LIST}${device.id}/sensors/`, plain)).json()).toEqual([]);
      expect((await call('GET', `${LIST}${device.id}/sensors/`, foreignManager)).statusCode).toBe(404);
    });

    it('PATCH changes title and ip_address for editors; is_emulated_as only for staff', async () => {
      const device = await buildDevice(t.db, alpha);
      const url = `${LIST}${device.id}/`;
      const renamed = await call('PATCH', url, engineer, {
        id: device.id,
        title: 'Renamed',
        ip_address: '10.1.1.1',
      });
      expect([renamed.statusCode, renamed.json()]).toMatchObject([
        200,
        { title: 'Renamed', ip_address: '10.1.1.1' },
      ]);
      const refused = await call('PATCH', url, manager, { is_emulated_as: '0300' });
      expect([refused.statusCode, refused.json()]).toEqual([
        403,
        { detail: DEVICE_MESSAGES.emulationStaffOnly },
      ]);
      expect((await call('PATCH', url, manager, { is_emulated_as: null, title: 'Same' })).statusCode).toBe(
        200,
      );
      const emulated = await call('PATCH', url, oem, { is_emulated_as: '0300' });
      expect(emulated.json()).toMatchObject({ is_emulated_as: '0300' });
      expect((await call('PATCH', url, superuser, { is_emulated_as: null })).json()).toMatchObject({
        is_emulated_as: null,
      });
      expect((await call('PATCH', url, manager, { title: '' })).json()).toEqual({
        title: [DEVICE_MESSAGES.titleRequired],
      });
      expect((await call('PATCH', url, manager, { udf_id: '123456789' })).json()).toEqual({
        udf_id: [DEVICE_MESSAGES.udfIdTooLong],
      });
      expect((await call('PATCH', url, plain, { title: 'No' })).statusCode).toBe(403);
      expect((await call('PATCH', url, foreignManager, { title: 'No' })).statusCode).toBe(404);
      expect((await call('PATCH', url, undefined, { title: 'No' })).statusCode).toBe(401);
    });

    it('PATCH rebinds to another free unit only with its valid serial and code', async () => {
      const device = await buildDevice(t.db, alpha);
      const used = await buildDevice(t.db, alpha);
      const free = await buildHardwareUnit(t.db);
      const url = `${LIST}${device.id}/`;
      const invalid = { [NON_FIELD_ERRORS]: [DEVICE_MESSAGES.notValidSerialOrCode] };
      const taken = await call('PATCH', url, manager, { serial_number: used.serialNumber, code: used.code });
      expect([taken.statusCode, taken.json()]).toEqual([400, invalid]);
      const wrong = await call('PATCH', url, manager, { serial_number: free.serialNumber, code: 'bad' });
      expect(wrong.json()).toEqual(invalid);
      const moved = await call('PATCH', url, manager, { serial_number: free.serialNumber, code: free.code });
      expect(moved.json()).toMatchObject({ serial_number: free.serialNumber, udf_id: free.udfId });
      const same = await call('PATCH', url, manager, {
        serial_number: free.serialNumber,
        code: free.code,
        udf_id: free.udfId,
      });
      expect(same.statusCode).toBe(200);
    });

    it('PATCH moves a device only to a site where the user may add devices', async () => {
      const device = await buildDevice(t.db, alpha);
      const url = `${LIST}${device.id}/`;
      expect((await call('PATCH', url, manager, { location: beta.id })).statusCode).toBe(404);
      expect((await call('PATCH', url, accounts, { location: foreignSite.id })).statusCode).toBe(404);
      expect((await call('PATCH', url, accounts, { location: beta.id })).json()).toMatchObject({
        location: beta.id,
      });
    });

    it('suspend toggles is_suspended for editors (200)', async () => {
      const device = await buildDevice(t.db, alpha);
      const url = `${LIST}${device.id}/suspend/`;
      expect((await call('POST', url, engineer)).json()).toMatchObject({ is_suspended: true });
      expect((await call('POST', url, manager)).json()).toMatchObject({ is_suspended: false });
      expect((await call('POST', url, plain)).statusCode).toBe(403);
      expect((await call('POST', url, foreignManager)).statusCode).toBe(404);
      expect((await call('POST', url)).statusCode).toBe(401);
    });

    it('DELETE removes for editors (204) and frees the hardware unit', async () => {
      const { input } = await newDeviceInput();
      const created = (await call('POST', LIST, manager, input)).json<{ id: number }>();
      const url = `${LIST}${created.id}/`;
      expect((await call('DELETE', url, plain)).statusCode).toBe(403);
      expect((await call('DELETE', url, foreignManager)).statusCode).toBe(404);
      expect((await call('DELETE', url)).statusCode).toBe(401);
      expect((await call('DELETE', url, engineer)).statusCode).toBe(204);
      expect((await call('GET', url, manager)).statusCode).toBe(404);
      expect((await call('POST', LIST, manager, input)).statusCode).toBe(201);
    });

    it('select makes the device, its site and client current, and me/ shows it', async () => {
      const device = await buildDevice(t.db, beta, { title: 'Chosen', deviceType: '0006' });
      const response = await call('POST', `${LIST}${device.id}/select/`, accounts);
      expect(response.statusCode).toBe(200);
      const user = await getUserById(t.db, accounts.id);
      expect(user).toMatchObject({
        currentDeviceId: device.id,
        currentLocationId: beta.id,
        currentClientId: client.id,
      });
      const me = (await call('GET', '/api/v1/me/', accounts)).json();
      expect(me).toMatchObject({
        current_device: { id: device.id, title: 'Chosen', udf_id: device.udfId, device_type: '0006' },
      });
      expect((await call('POST', `${LIST}${device.id}/select/`, plain)).statusCode).toBe(404);
      expect((await call('POST', `${LIST}${device.id}/select/`, foreignManager)).statusCode).toBe(404);
      expect((await call('POST', `${LIST}${device.id}/select/`)).statusCode).toBe(401);
    });

    it('lists the devices on their site in locations/', async () => {
      const device = await buildDevice(t.db, alpha, { title: 'On the card' });
      const site = (await call('GET', `/api/v1/locations/${alpha.id}/`, plain)).json<{
        devices: unknown[];
      }>();
      expect(site.devices).toContainEqual({
        id: device.id,
        title: 'On the card',
        udf_id: device.udfId,
        device_type: 'F500',
        is_online: false,
        is_suspended: false,
      });
    });
  });

  it('answers out-of-range ids and NUL characters with 400, never 500', async () => {
    const { input } = await newDeviceInput();
    const huge = await call('POST', LIST, manager, { ...input, location: 99_999_999_999 });
    expect([huge.statusCode, huge.json()]).toEqual([400, { location: [DEVICE_MESSAGES.locationRequired] }]);
    const nul = await call('POST', LIST, manager, { ...input, title: 'a\u0000b' });
    expect([nul.statusCode, nul.json()]).toEqual([400, { title: [COMMON_MESSAGES.nullCharacter] }]);
    for (const url of [`${LIST}?location=99999999999`, `${LIST}99999999999/`, `${LIST}?search=%00`]) {
      expect((await call('GET', url, superuser)).statusCode).toBe(400);
    }
  });

  it('answers a missing device with the common 404 message', async () => {
    expect((await call('DELETE', `${LIST}424242/`, superuser)).json()).toEqual({
      detail: COMMON_MESSAGES.notFound,
    });
  });
});
