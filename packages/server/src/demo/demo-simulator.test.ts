import net from 'node:net';
import type { RunningSimulator } from '@vigil/simulator';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_CONTROL_EXAMPLE_SENSOR, describeDemoControl, startDemoSimulator } from './demo-simulator';

const silent = { debug: () => undefined } as unknown as FastifyBaseLogger;
// Nothing listens there: the demo devices keep retrying, which the control API does not need.
const NO_BROKER = 'mqtt://127.0.0.1:9';

describe('the demo simulator control API', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) {
      await cleanup();
    }
  });

  async function start(controlPort: number): Promise<RunningSimulator> {
    const simulator = await startDemoSimulator(NO_BROKER, silent, controlPort);
    cleanups.push(() => simulator.stop());
    return simulator;
  }

  it('forces an alarm on the example demo sensor, and the start-up lines show how', async () => {
    const simulator = await start(0);
    const url = simulator.controlUrl;
    const body = JSON.stringify({ sensor: DEMO_CONTROL_EXAMPLE_SENSOR });
    expect((await fetch(`${url}/alarm`, { method: 'POST', body })).status).toBe(204);
    expect(simulator.getDevice('F5000001')?.stateTree().Alarm).toBe(true);
    expect((await fetch(`${url}/alarm`, { method: 'DELETE', body })).status).toBe(204);
    expect(simulator.getDevice('F5000001')?.stateTree().Alarm).toBe(false);

    const lines = describeDemoControl(simulator, 0);
    expect(lines).toContain(`curl -X POST ${url}/alarm -d '{"sensor": "${DEMO_CONTROL_EXAMPLE_SENSOR}"}'`);
    expect(lines).toContain(`curl -X DELETE ${url}/alarm`);
  });

  it('takes a free port when its port is taken, and says which was taken and how to choose', async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise<void>((resolve) => taken.close(() => resolve())));
    const address = taken.address();
    const port = typeof address === 'object' && address ? address.port : 0;

    const simulator = await start(port);
    expect(simulator.controlUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(simulator.controlUrl).not.toBe(`http://127.0.0.1:${port}`);
    expect((await fetch(`${simulator.controlUrl}/sensors`)).status).toBe(200);
    expect(describeDemoControl(simulator, port)).toContain(
      `Demo control API on ${simulator.controlUrl} (port ${port} was taken; DEMO_CONTROL_PORT chooses another)`,
    );
  });
});
