import { parseArgs } from 'node:util';
import { type DeviceType, parseWireDeviceType } from '@vigil/contracts';
import type { SimulatorTransport } from './simulator';

export type CliOptions = {
  /** null: every row of --credentials, or 1 device when generating. */
  devices: number | null;
  rate: number;
  transport: SimulatorTransport;
  types: DeviceType[] | null;
  seed: number;
  credentialsFile: string | null;
  controlPort: number | null;
  scenarioChance: number;
  /** Sensors per tree; F500 and F500-UDF only. */
  sensors: number | null;
};

export const USAGE = `npm run simulate -- --devices N --rate HZ [--broker mqtt://host:port | --http http://host:port]
  [--types F500,0300,0005,0006,F500-UDF] [--seed S] [--credentials FILE.csv] [--control-port P] [--scenario-chance P]
  [--sensors N (sensors per tree, with --types F500 or F500-UDF)]`;

/** A numeric command-line option: `fallback` when absent; throws `--name: invalid value '…'` when bad. */
export function numberOption(
  name: string,
  raw: string | undefined,
  fallback: number,
  isValid: (n: number) => boolean,
): number {
  if (raw === undefined) {
    return fallback;
  }
  const value = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(value) || !isValid(value)) {
    throw new Error(`--${name}: invalid value '${raw}'`);
  }
  return value;
}

/** Parses the simulator's command line; throws with a readable message. */
export function parseCliArgs(argv: string[]): CliOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      devices: { type: 'string' },
      rate: { type: 'string' },
      broker: { type: 'string' },
      http: { type: 'string' },
      types: { type: 'string' },
      seed: { type: 'string' },
      credentials: { type: 'string' },
      'control-port': { type: 'string' },
      'scenario-chance': { type: 'string' },
      sensors: { type: 'string' },
    },
    strict: true,
  });
  if (values.broker && values.http) {
    throw new Error('give either --broker or --http, not both');
  }
  const types = values.types?.split(',').map((raw) => {
    const type = parseWireDeviceType(raw);
    if (!type) {
      throw new Error(`--types: unknown device type '${raw}'`);
    }
    return type;
  });
  const transport: SimulatorTransport = values.http
    ? { kind: 'http', baseUrl: values.http }
    : { kind: 'mqtt', brokerUrl: values.broker ?? 'mqtt://localhost:1883' };
  const sensors =
    values.sensors === undefined
      ? null
      : numberOption('sensors', values.sensors, 0, (n) => Number.isInteger(n) && n > 7);
  if (sensors !== null && !types?.every((type) => type === 'F500' || type === 'F500-UDF')) {
    throw new Error('--sensors needs --types F500 or F500-UDF (the other models have a fixed layout)');
  }
  const controlPort = values['control-port'];
  return {
    devices:
      values.devices === undefined
        ? null
        : numberOption('devices', values.devices, 1, (n) => Number.isInteger(n) && n > 0),
    rate: numberOption('rate', values.rate, 1, (n) => n > 0 && n <= 100),
    transport,
    types: types ?? null,
    seed: numberOption('seed', values.seed, 1, Number.isInteger),
    credentialsFile: values.credentials ?? null,
    controlPort:
      controlPort === undefined ? null : numberOption('control-port', controlPort, 0, Number.isInteger),
    scenarioChance: numberOption(
      'scenario-chance',
      values['scenario-chance'],
      0.002,
      (n) => n >= 0 && n <= 1,
    ),
    sensors,
  };
}
