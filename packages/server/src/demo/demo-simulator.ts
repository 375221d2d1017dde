import { type RunningSimulator, startSimulator } from '@vigil/simulator';
import type { FastifyBaseLogger } from 'fastify';
import { startDemoAlarmCycle } from './demo-alarm-cycle';
import { DEMO_DEVICES } from './demo-devices';

/**
 * Drives the demo devices through the public device protocol, as installed gateways would, so the
 * demo shows live, changing devices of every type from the first start, with an alarm cycle
 * (demo-alarm-cycle.ts) that a new user sees within a minute.
 */
export async function startDemoSimulator(
  brokerUrl: string,
  log: FastifyBaseLogger,
): Promise<RunningSimulator> {
  const debug = (line: string) => log.debug({ simulator: line }, 'demo simulator');
  const simulator = await startSimulator({
    devices: DEMO_DEVICES.map(({ serialNumber, code, deviceType, udfId }) => ({
      serialNumber,
      code,
      deviceType,
      udfId,
    })),
    transport: { kind: 'mqtt', brokerUrl },
    rate: 1,
    log: debug,
  });
  const stopCycle = startDemoAlarmCycle(simulator, debug);
  return {
    ...simulator,
    stop: async () => {
      stopCycle();
      await simulator.stop();
    },
  };
}
