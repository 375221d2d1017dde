import { type RunningSimulator, startSimulator } from '@vigil/simulator';
import type { FastifyBaseLogger } from 'fastify';
import { DEMO_DEVICES } from './demo-devices';

/**
 * Drives the demo devices through the public device protocol, as installed gateways would, so the
 * demo shows live, changing devices of every type from the first start.
 */
export async function startDemoSimulator(
  brokerUrl: string,
  log: FastifyBaseLogger,
): Promise<RunningSimulator> {
  return startSimulator({
    devices: DEMO_DEVICES.map(({ serialNumber, code, deviceType, udfId }) => ({
      serialNumber,
      code,
      deviceType,
      udfId,
    })),
    transport: { kind: 'mqtt', brokerUrl },
    rate: 1,
    log: (line) => log.debug({ simulator: line }, 'demo simulator'),
  });
}
