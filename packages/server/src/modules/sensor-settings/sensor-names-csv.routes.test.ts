import { SENSOR_SETTINGS_MESSAGES as MESSAGES, type SensorNames } from '@vigil/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  deviceWithTree,
  foreignManagerHeader,
  headerAt,
  importCsv,
} from '../../../test/sensor-settings';
import { buildTestApp, type TestApp } from '../../../test/test-app';

const exportUrl = (id: number) => `/api/v1/devices/${id}/settings/export/sensor-names/`;
const namesUrl = (id: number) => `/api/v1/devices/${id}/settings/sensor-names`;

describe('sensor names CSV export and import', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  async function withManager() {
    const device = await deviceWithTree(t.app, t.db, 'F500');
    return { ...device, manager: await headerAt(t.app, t.db, device.site, 'Manager') };
  }

  const customNames = async (authorization: string, deviceId: number) => {
    const response = await call(t.app, authorization, 'GET', `/api/v1/devices/${deviceId}/settings/display/`);
    return response.json<{ names: Record<string, string> }>().names;
  };

  it('exports one row per sensor as a CSV download named sensor_names_{type}_{id}.csv, formulas guarded', async () => {
    const d = await withManager();
    const id = `${d.device.udfId}.net1.n01.1`;
    await call(t.app, d.manager, 'POST', namesUrl(d.device.id), {
      sensor_names: { [id]: '=cmd|"/c calc"!A1' },
    });
    const reader = await headerAt(t.app, t.db, d.site, 'User');
    const response = await call(t.app, reader, 'GET', exportUrl(d.device.id));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="sensor_names_F500_${d.device.id}.csv"`,
    );
    const lines = response.body.split('\r\n');
    expect(lines[0]).toBe('\uFEFFsensor_id,group,label,name');
    expect(lines).toContain(`${id},Network 1 / Network 1 Node 1,Bearing Temperature,"'=cmd|""/c calc""!A1"`);
    expect(lines.length).toBe(d.fullIds.length + 2);
  });

  it('imports an exported and edited file (200, the refreshed names); the guarded formula round-trips', async () => {
    const d = await withManager();
    const id = `${d.device.udfId}.net1.n01.1`;
    await call(t.app, d.manager, 'POST', namesUrl(d.device.id), { sensor_names: { [id]: '=SUM(1)' } });
    const exported = (await call(t.app, d.manager, 'GET', exportUrl(d.device.id))).body;
    const other = `${d.device.udfId}.net1.n01.2`;
    const edited = exported.replace(
      `${other},Network 1 / Network 1 Node 1,Alignment,Alignment`,
      `${other},x,y,"Belt, head"`,
    );
    const response = await importCsv(t.app, d.manager, d.device.id, Buffer.from(edited, 'utf8'));
    expect(response.statusCode).toBe(200);
    const sensors = response.json<SensorNames>().sensor_names.flatMap((group) => group.sensors);
    expect(sensors.find((s) => s.id === other)?.name).toBe('Belt, head');
    expect(await customNames(d.manager, d.device.id)).toEqual({ [id]: '=SUM(1)', [other]: 'Belt, head' });
  });

  it('applies nothing when one row is bad, and names every bad row', async () => {
    const d = await withManager();
    const [first, second] = [`${d.device.udfId}.net1.n01.1`, `${d.device.udfId}.net1.n01.3`];
    const csv = [
      'sensor_id,name',
      `${first},Good name`,
      'ghost.sensor,Nobody',
      `${second},${'n'.repeat(61)}`,
      `${first},Twice`,
    ].join('\r\n');
    const response = await importCsv(t.app, d.manager, d.device.id, Buffer.from(csv));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      file: [
        MESSAGES.rowProblem(3, MESSAGES.unknownSensor('ghost.sensor')),
        MESSAGES.rowProblem(4, MESSAGES.nameTooLong),
        MESSAGES.duplicateRow(5, 2),
      ],
    });
    expect(await customNames(d.manager, d.device.id)).toEqual({});
  });

  it('refuses bad files with a 400 on file: encoding, missing column, no file, too large', async () => {
    const d = await withManager();
    const latin1 = Buffer.from('sensor_id,name\nx,caf\xe9\n', 'latin1');
    expect((await importCsv(t.app, d.manager, d.device.id, latin1)).json()).toEqual({
      file: [MESSAGES.fileEncoding],
    });
    const noName = Buffer.from('sensor_id,label\nx,y\n');
    expect((await importCsv(t.app, d.manager, d.device.id, noName)).json()).toEqual({
      file: [MESSAGES.missingColumn('name')],
    });
    const json = await call(
      t.app,
      d.manager,
      'POST',
      `/api/v1/devices/${d.device.id}/settings/import/sensor-names/`,
      {
        file: 'x',
      },
    );
    expect(json.statusCode).toBe(400);
    expect(json.json()).toEqual({ file: [MESSAGES.fileRequired] });
    const huge = Buffer.alloc(1024 * 1024 + 10, 'a');
    const tooLarge = await importCsv(t.app, d.manager, d.device.id, huge);
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json()).toEqual({ file: [MESSAGES.fileTooLarge] });
  });

  it('lets readers export, editors import; a foreign tenant gets 404', async () => {
    const d = await withManager();
    const user = await headerAt(t.app, t.db, d.site, 'User');
    const foreign = await foreignManagerHeader(t.app, t.db);
    const csv = Buffer.from(`sensor_id,name\n${d.fullIds[1]},Named\n`);
    expect((await importCsv(t.app, user, d.device.id, csv)).statusCode).toBe(403);
    expect((await importCsv(t.app, foreign, d.device.id, csv)).statusCode).toBe(404);
    expect((await call(t.app, foreign, 'GET', exportUrl(d.device.id))).statusCode).toBe(404);
    expect((await call(t.app, undefined, 'GET', exportUrl(d.device.id))).statusCode).toBe(401);
    expect(await customNames(d.manager, d.device.id)).toEqual({});
  });
});
