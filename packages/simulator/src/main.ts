import { readFileSync } from 'node:fs';
import { DEVICE_TYPES } from '@vigil/contracts';
import { type CliOptions, parseCliArgs, USAGE } from './cli-args';
import {
  CREDENTIALS_HEADER,
  formatCredentialsLine,
  generateIdentities,
  parseCredentialsCsv,
} from './credentials';
import type { DeviceIdentity } from './device';
import { startSimulator } from './simulator';

/** Provisioned units from --credentials (filtered by --types), or N generated SIM units. */
function loadIdentities(options: CliOptions): DeviceIdentity[] {
  if (!options.credentialsFile) {
    return generateIdentities(options.devices ?? 1, options.types ?? DEVICE_TYPES, options.seed);
  }
  const types = options.types;
  const rows = parseCredentialsCsv(readFileSync(options.credentialsFile, 'utf8'));
  const wanted = types ? rows.filter((identity) => types.includes(identity.deviceType)) : rows;
  return wanted.slice(0, options.devices ?? wanted.length);
}

async function main(): Promise<void> {
  let options: CliOptions;
  try {
    options = parseCliArgs(process.argv.slice(2));
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\nUsage: ${USAGE}`);
    process.exit(2);
  }
  const identities = loadIdentities(options);
  if (!options.credentialsFile) {
    console.log('# Provision these units first (hardware import CSV):');
    console.log(CREDENTIALS_HEADER);
    for (const identity of identities) {
      console.log(formatCredentialsLine(identity));
    }
  }
  const target =
    options.transport.kind === 'http'
      ? options.transport.baseUrl
      : options.transport.kind === 'mqtt'
        ? options.transport.brokerUrl
        : 'nowhere';
  const simulator = await startSimulator({
    devices: identities,
    transport: options.transport,
    rate: options.rate,
    seed: options.seed,
    scenarioChance: options.scenarioChance,
    ...(options.sensors === null ? {} : { sensorCount: options.sensors }),
    ...(options.controlPort === null ? {} : { controlPort: options.controlPort }),
    log: (line) => console.error(line),
  });
  console.log(`Simulating ${identities.length} device(s) at ${options.rate} Hz to ${target}`);
  if (simulator.controlUrl) {
    console.log(`Control API on ${simulator.controlUrl} (POST/DELETE /alarm {"sensor": "<full id>"})`);
  }
  const shutdown = (signal: string) => {
    console.log(`${signal}: stopping`);
    simulator.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
}

void main();
