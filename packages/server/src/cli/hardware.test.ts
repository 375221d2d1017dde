import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEVICE_MESSAGES } from '@vigil/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openTestDatabase } from '../../test/test-database';
import type { DatabaseHandle } from '../db/database';
import { findHardwareUnits } from '../modules/hardware/hardware.repo';
import { checkHardwareCsv, hardwareCommand } from './hardware';

const HEADER = 'serial_number,code,device_type,udf_id';
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-hardware-'));

function csvFile(name: string, lines: string[]): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

describe('checkHardwareCsv', () => {
  it('reports every bad line with its number and keeps the good ones', () => {
    const { units, errors } = checkHardwareCsv(
      [
        HEADER,
        'S-1,c1,F500,U1',
        ',c2,F500,U2',
        'S-3,c3,F900,U3',
        'S-4,c4,0300,123456789',
        'S-1,c5,F500,U5',
      ].join('\n'),
    );
    expect(units.map((unit) => unit.serial_number)).toEqual(['S-1']);
    expect(errors).toEqual([
      `line 3: serial_number: ${DEVICE_MESSAGES.serialRequired}`,
      `line 4: device_type: ${DEVICE_MESSAGES.typeRequired}`,
      `line 5: udf_id: ${DEVICE_MESSAGES.udfIdTooLong}`,
      'line 6: serial_number or udf_id repeats an earlier line',
    ]);
  });

  it('refuses a file without the header', () => {
    expect(checkHardwareCsv('S-1,c1,F500,U1').errors).toEqual([`line 1: the header must be ${HEADER}`]);
  });
});

describe('cli hardware', () => {
  let database: DatabaseHandle;
  const serials = async () =>
    (await findHardwareUnits(database.db, { limit: 100, offset: 0 })).rows
      .map((row) => row.serialNumber)
      .sort();

  beforeAll(async () => {
    database = await openTestDatabase();
    vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await database.close();
  });

  it('adds one unit, and refuses a bad one or a taken serial number with one line', async () => {
    await hardwareCommand(database.db, [
      'add',
      '--serial',
      'CLI-1',
      '--code',
      'c',
      '--type',
      'F500-UDF',
      '--udf-id',
      'CLI1',
    ]);
    expect(await serials()).toEqual(['CLI-1']);
    await expect(
      hardwareCommand(database.db, [
        'add',
        '--serial',
        'CLI-1',
        '--code',
        'c',
        '--type',
        'F500',
        '--udf-id',
        'CLI9',
      ]),
    ).rejects.toThrow(`Hardware unit not added: serial_number: ${DEVICE_MESSAGES.hardwareSerialTaken}`);
    await expect(
      hardwareCommand(database.db, [
        'add',
        '--serial',
        'CLI-2',
        '--code',
        'c',
        '--type',
        'X',
        '--udf-id',
        'CLI2',
      ]),
    ).rejects.toThrow(`device_type: ${DEVICE_MESSAGES.typeRequired}`);
    await expect(hardwareCommand(database.db, ['remove'])).rejects.toThrow('hardware needs');
  });

  it('imports a valid file in one go', async () => {
    const file = csvFile('good.csv', [HEADER, 'IMP-1,a,0300,IMP1', 'IMP-2,b,0005,IMP2']);
    await hardwareCommand(database.db, ['import', file]);
    expect(await serials()).toEqual(['CLI-1', 'IMP-1', 'IMP-2']);
  });

  it('imports nothing when any line fails, also against existing units, and lists the lines', async () => {
    const bad = csvFile('bad.csv', [HEADER, 'IMP-3,a,0300,IMP3', 'IMP-4,b,0006,123456789']);
    await expect(hardwareCommand(database.db, ['import', bad])).rejects.toThrow(
      `line 3: udf_id: ${DEVICE_MESSAGES.udfIdTooLong}`,
    );
    const clash = csvFile('clash.csv', [HEADER, 'IMP-5,a,0300,IMP5', 'IMP-1,b,0006,IMP6']);
    await expect(hardwareCommand(database.db, ['import', clash])).rejects.toThrow(
      `line 3: serial_number: ${DEVICE_MESSAGES.hardwareSerialTaken}`,
    );
    expect(await serials()).toEqual(['CLI-1', 'IMP-1', 'IMP-2']);
  });
});
