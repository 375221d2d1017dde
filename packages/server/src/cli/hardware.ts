import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import type { HardwareUnitCreate } from '@vigil/contracts';
import type { Database } from '../db/database';
import { AppError } from '../errors';
import { HardwareService } from '../modules/hardware/hardware.service';
import { parseHardwareInput } from '../modules/hardware/hardware-units';
import { firstMessage } from '../modules/users/users.service';
import { say } from '../runtime';

const CSV_HEADER = ['serial_number', 'code', 'device_type', 'udf_id'] as const;

/** hardware add --serial S --code C --type T --udf-id U | hardware import FILE.csv */
export async function hardwareCommand(db: Database, args: string[]): Promise<void> {
  const [action, ...rest] = args;
  if (action === 'add') {
    return addHardwareUnit(db, rest);
  }
  if (action === 'import' && rest[0] !== undefined) {
    return importHardwareUnits(db, rest[0]);
  }
  throw new Error('hardware needs: add --serial S --code C --type T --udf-id U, or import FILE.csv');
}

async function addHardwareUnit(db: Database, args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      serial: { type: 'string' },
      code: { type: 'string' },
      type: { type: 'string' },
      'udf-id': { type: 'string' },
    },
    strict: true,
  });
  const parsed = parseHardwareInput({
    serial_number: values.serial,
    code: values.code,
    device_type: values.type,
    udf_id: values['udf-id'],
  });
  if (!parsed.ok) {
    throw new Error(`Hardware unit not added: ${parsed.message}`);
  }
  try {
    await new HardwareService({ db }).provision(parsed.value);
  } catch (error) {
    throw error instanceof AppError ? new Error(`Hardware unit not added: ${firstMessage(error)}`) : error;
  }
  say(
    `Hardware unit ${parsed.value.serial_number} (${parsed.value.device_type}, UDF ${parsed.value.udf_id}) added.`,
  );
}

/** Splits CSV text into trimmed cells; quotes are not needed for these plain fields and are stripped. */
export function parseCsvLines(text: string): string[][] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => line.split(',').map((cell) => cell.trim().replace(/^"(.*)"$/, '$1')));
}

type ImportCheck = { units: HardwareUnitCreate[]; errors: string[] };

/** Validates every line (fields, and serial/udf_id unique within the file); line numbers count the header. */
export function checkHardwareCsv(text: string): ImportCheck {
  const [header, ...lines] = parseCsvLines(text);
  if (header === undefined || header.join(',') !== CSV_HEADER.join(',')) {
    return { units: [], errors: [`line 1: the header must be ${CSV_HEADER.join(',')}`] };
  }
  const units: HardwareUnitCreate[] = [];
  const errors: string[] = [];
  const seen = new Set<string>();
  lines.forEach((cells, index) => {
    const lineNumber = index + 2;
    const parsed = parseHardwareInput(Object.fromEntries(CSV_HEADER.map((key, i) => [key, cells[i]])));
    if (!parsed.ok) {
      errors.push(`line ${lineNumber}: ${parsed.message}`);
      return;
    }
    const keys = [`serial:${parsed.value.serial_number}`, `udf:${parsed.value.udf_id}`];
    if (keys.some((key) => seen.has(key))) {
      errors.push(`line ${lineNumber}: serial_number or udf_id repeats an earlier line`);
      return;
    }
    for (const key of keys) {
      seen.add(key);
    }
    units.push(parsed.value);
  });
  return { units, errors };
}

/**
 * All or nothing: every line is checked and reported; when any line fails (also against units already
 * provisioned), nothing is imported, so a corrected file can simply be imported again.
 */
async function importHardwareUnits(db: Database, file: string): Promise<void> {
  const { units, errors } = checkHardwareCsv(await readFile(file, 'utf8'));
  if (errors.length === 0) {
    await db
      .transaction(async (tx) => {
        const hardware = new HardwareService({ db: tx });
        for (const [index, unit] of units.entries()) {
          try {
            await hardware.provision(unit);
          } catch (error) {
            if (!(error instanceof AppError)) {
              throw error;
            }
            errors.push(`line ${index + 2}: ${firstMessage(error)}`);
          }
        }
        if (errors.length > 0) {
          tx.rollback();
        }
      })
      .catch((error: unknown) => {
        if (errors.length === 0) {
          throw error;
        }
      });
  }
  if (errors.length > 0) {
    throw new Error(`Nothing imported; fix these lines and import the file again:\n${errors.join('\n')}`);
  }
  say(`${units.length} hardware unit(s) imported.`);
}
