/**
 * The load generator, a child process of the bench so that its CPU and event loop are not the
 * measuring side's: simulated F500 devices (the simulator package, public MQTT protocol) publish QoS 1
 * state trees, spread evenly over each period, and time each publish to its PUBACK. Driven over IPC
 * (load-messages.ts).
 */
import { performance } from 'node:perf_hooks';
import { MqttLink, SimulatedDevice } from '@vigil/simulator';
import type { FromLoadGenerator, LoadConfig, LoadResult, LoadWindow, ToLoadGenerator } from './load-messages';
import { SpreadSchedule } from './load-schedule';
import { percentile } from './stats';

const CONNECT_WAVE = 50;
const CONNECT_TIMEOUT_MS = 60_000;
const DRAIN_TIMEOUT_MS = 15_000;
/** How long a step waits for trees an earlier, overloaded step left unacknowledged. */
const PREPARE_DRAIN_TIMEOUT_MS = 60_000;

type Slot = { device: SimulatedDevice; link: MqttLink; inFlight: boolean };

/** Resolves once the message has left: exiting earlier would lose a large result still being written. */
function send(message: FromLoadGenerator): Promise<void> {
  return new Promise((resolve) => {
    if (process.send === undefined) {
      resolve();
      return;
    }
    process.send(message, undefined, {}, () => resolve());
  });
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | 'timeout'> {
  return Promise.race([
    promise,
    new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), ms)),
  ]);
}

/** Connects devices from..to of the fleet in waves (a thousand simultaneous CONNECTs would only measure the burst). */
async function connectDevices(
  config: LoadConfig,
  from: number,
  to: number,
): Promise<{ slots: Slot[]; failed: string[] }> {
  const slots: Slot[] = [];
  const failed: string[] = [];
  for (let first = from; first < to; first += CONNECT_WAVE) {
    const wave = config.identities.slice(first, Math.min(to, first + CONNECT_WAVE)).map((identity) => ({
      device: new SimulatedDevice(identity, {
        seed: config.seed,
        rate: config.rate,
        // No random scenarios: a device that 'loses communication' would lower the offered load.
        scenarioChance: 0,
        sensorCount: config.sensors,
        timeFormat: 'iso',
      }),
      link: new MqttLink({ brokerUrl: config.brokerUrl, identity }),
      inFlight: false,
    }));
    const outcomes = await Promise.all(
      wave.map((slot) => withTimeout(slot.link.waitForConnect(), CONNECT_TIMEOUT_MS)),
    );
    outcomes.forEach((outcome, index) => {
      if (outcome === 'timeout') {
        failed.push(wave[index]?.device.udfId ?? '?');
      }
    });
    // The boot message a gateway sends after power-up, so the trees that follow are steady state.
    await Promise.all(
      wave.map(async (slot) => {
        const boot = slot.device.takeBootMessage();
        if (boot && slot.link.isConnected) {
          await slot.link.publishBoot(JSON.stringify(boot));
        }
      }),
    );
    slots.push(...wave);
  }
  return { slots, failed };
}

/** Waits for trees of an earlier step still unacknowledged, so that a step starts on a drained server. */
async function waitForDrained(slots: Slot[], timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (slots.some((slot) => slot.inFlight) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

class LoadRun {
  private readonly result: LoadResult = {
    publishedInWindow: 0,
    publishedTotal: 0,
    ackedInWindow: 0,
    ackLatenciesMs: [],
    skippedInFlight: 0,
    skippedDisconnected: 0,
    failed: 0,
    unacknowledged: 0,
    scheduleLagP99Ms: null,
    cpuMs: 0,
    eventLoopUtilisation: 0,
  };
  private readonly lags: number[] = [];
  /** Trees of this run still unacknowledged. */
  private inFlight = 0;

  constructor(
    private readonly slots: Slot[],
    private readonly window: LoadWindow,
  ) {}

  async run(rate: number): Promise<LoadResult> {
    const { startAt, measureFrom, measureTo } = this.window;
    const schedule = new SpreadSchedule(this.slots.length, 1000 / rate, startAt, measureTo);
    const usage = this.measureUsage(measureFrom, measureTo);
    await new Promise<void>((resolve) => {
      const tick = () => {
        const now = Date.now();
        const { devices, lateMs } = schedule.takeDue(now);
        if (devices.length > 0 && now >= measureFrom) {
          this.lags.push(lateMs);
        }
        for (const index of devices) {
          this.publish(index, now);
        }
        const next = schedule.nextAt;
        if (next === Number.POSITIVE_INFINITY) {
          resolve();
          return;
        }
        setTimeout(tick, Math.max(2, next - Date.now()));
      };
      setTimeout(tick, Math.max(0, startAt - Date.now()));
    });
    await usage;
    await this.drain();
    this.result.scheduleLagP99Ms = percentile(this.lags, 0.99);
    this.result.unacknowledged = this.inFlight;
    return this.result;
  }

  private publish(index: number, now: number): void {
    const slot = this.slots[index];
    if (slot === undefined) {
      return;
    }
    const measured = now >= this.window.measureFrom && now < this.window.measureTo;
    if (slot.inFlight) {
      this.result.skippedInFlight += measured ? 1 : 0;
      return;
    }
    if (!slot.link.isConnected) {
      this.result.skippedDisconnected += measured ? 1 : 0;
      return;
    }
    slot.device.step();
    const started = performance.now();
    // The tree's `time` (ISO-8601 with ms) is the publish time the browser side reads back.
    const json = slot.device.serialiseStateTree(new Date());
    slot.inFlight = true;
    this.inFlight += 1;
    this.result.publishedInWindow += measured ? 1 : 0;
    this.result.publishedTotal += 1;
    slot.link
      .publishState(json)
      .then((sent) => {
        if (sent && measured) {
          this.result.ackedInWindow += 1;
          this.result.ackLatenciesMs.push(performance.now() - started);
        }
      })
      .catch(() => {
        this.result.failed += 1;
      })
      .finally(() => {
        slot.inFlight = false;
        this.inFlight -= 1;
      });
  }

  /** CPU time and event-loop utilisation between measureFrom and measureTo. */
  private async measureUsage(measureFrom: number, measureTo: number): Promise<void> {
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, measureFrom - Date.now())));
    const cpu = process.cpuUsage();
    const loop = performance.eventLoopUtilization();
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, measureTo - Date.now())));
    const spent = process.cpuUsage(cpu);
    this.result.cpuMs = (spent.user + spent.system) / 1000;
    this.result.eventLoopUtilisation = performance.eventLoopUtilization(loop).utilization;
  }

  private async drain(): Promise<void> {
    const deadline = Date.now() + DRAIN_TIMEOUT_MS;
    while (this.inFlight > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

let config: LoadConfig | undefined;
const slots: Slot[] = [];

async function handle(message: ToLoadGenerator): Promise<void> {
  if (message.type === 'connect') {
    config = message.config;
    await send({ type: 'ready' });
    return;
  }
  if (config === undefined) {
    throw new Error(`${message.type} before connect`);
  }
  if (message.type === 'prepare') {
    const wanted = Math.min(message.devices, config.identities.length);
    const connected = await connectDevices(config, slots.length, wanted);
    slots.push(...connected.slots);
    await waitForDrained(slots, PREPARE_DRAIN_TIMEOUT_MS);
    await send({ type: 'connected', connected: slots.length, failed: connected.failed });
    return;
  }
  const result = await new LoadRun(slots.slice(0, message.devices), message.window).run(config.rate);
  await send({ type: 'result', result });
}

process.on('message', (message: ToLoadGenerator) => {
  handle(message).catch(async (error: unknown) => {
    await send({ type: 'error', message: error instanceof Error ? error.message : String(error) });
    process.exit(1);
  });
});
// The bench going away (end of the run, Ctrl-C, crash) takes the devices with it.
process.on('disconnect', () => {
  void Promise.all(slots.map((slot) => slot.link.close())).finally(() => process.exit(0));
  setTimeout(() => process.exit(0), 2000).unref();
});
