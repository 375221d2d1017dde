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
  controlPort: number,
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
    // The control API lets a new user force an alarm (and so pass a maintenance test) on a demo device.
    controlPort,
    controlPortFallback: true,
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

/** A sensor of the demo whose forced alarm shows on the main site's dashboard (a bearing temperature). */
export const DEMO_CONTROL_EXAMPLE_SENSOR = 'F5000001.net1.n01.1';

/** The start-up lines that say where the demo's control API is and how to force an alarm with it. */
export function describeDemoControl(
  simulator: Pick<RunningSimulator, 'controlUrl' | 'controlPortIsFallback'>,
  requestedPort: number,
): string {
  const url = simulator.controlUrl;
  if (url === null) {
    return '';
  }
  const port = simulator.controlPortIsFallback
    ? `port ${requestedPort} was taken; DEMO_CONTROL_PORT chooses another`
    : 'DEMO_CONTROL_PORT';
  const body = `'{"sensor": "${DEMO_CONTROL_EXAMPLE_SENSOR}"}'`;
  return [
    `Demo control API on ${url} (${port}). Force an alarm on a demo sensor (e.g. during a maintenance test), then clear it:`,
    `  curl -X POST ${url}/alarm -d ${body}`,
    `  curl -X DELETE ${url}/alarm -d ${body}`,
    `  curl ${url}/sensors lists the sensor ids; the README's demo section shows more (a device going offline).`,
  ].join('\n');
}
