import { type ControlServer, startControlServer } from './control-server';
import { type DeviceIdentity, SimulatedDevice, UnknownSensorError } from './device';
import type { ScenarioName } from './scenarios';
import { postStateTree } from './transports/http-ingest';
import { MqttLink } from './transports/mqtt-link';

export type SimulatorTransport =
  | { kind: 'mqtt'; brokerUrl: string }
  | { kind: 'http'; baseUrl: string }
  /** No network: the caller reads trees from the devices (tests, demo seeding). */
  | { kind: 'none' };

export type SimulatorOptions = {
  devices: DeviceIdentity[];
  transport: SimulatorTransport;
  /** State trees per device per second (default 1). */
  rate?: number;
  seed?: number;
  /** Chance per tick that a random scenario starts on a device (default 0.002; 0 for none). */
  scenarioChance?: number;
  scenarios?: readonly ScenarioName[];
  /** Sensors per tree (F500 and F500-UDF devices only); the stock models without it. */
  sensorCount?: number;
  /** Opens the local control API on this port (0 picks a free one). */
  controlPort?: number;
  /** A taken control port gives a free one instead of failing the start (`controlPortIsFallback` tells). */
  controlPortFallback?: boolean;
  /** Start the tick timer (default true); tests call tickOnce instead. */
  autoStart?: boolean;
  log?: (line: string) => void;
  now?: () => Date;
};

export type RunningSimulator = {
  devices: SimulatedDevice[];
  getDevice: (udfId: string) => SimulatedDevice | undefined;
  forceAlarm: (sensorId: string) => void;
  clearAlarm: (sensorId: string) => void;
  /** Steps every device once and publishes; resolves when sent (a boot message waits for the broker). */
  tickOnce: () => Promise<void>;
  controlUrl: string | null;
  /** The control port asked for was taken, and `controlUrl` has a free one instead. */
  controlPortIsFallback: boolean;
  /** Resolves once every MQTT device is connected (at once for HTTP and none). */
  ready: () => Promise<void>;
  stop: () => Promise<void>;
};

type DeviceSender = {
  ready: () => Promise<void>;
  sendBoot: (json: string) => Promise<void>;
  sendState: (json: string) => Promise<void>;
  close: () => Promise<void>;
};

function createSender(
  transport: SimulatorTransport,
  identity: DeviceIdentity,
  log: (line: string) => void,
): DeviceSender {
  if (transport.kind === 'mqtt') {
    const link = new MqttLink({ brokerUrl: transport.brokerUrl, identity, log });
    return {
      ready: () => link.waitForConnect(),
      sendBoot: (json) => link.publishBoot(json),
      sendState: async (json) => {
        await link.publishState(json);
      },
      close: () => link.close(),
    };
  }
  if (transport.kind === 'http') {
    return {
      ready: async () => {},
      // HTTP ingest takes state trees only; the server derives power-up from the first tree.
      sendBoot: async () => {},
      sendState: async (json) => {
        const status = await postStateTree(transport.baseUrl, identity, json);
        if (status !== 202) {
          log(`${identity.udfId}: ingest answered ${status}`);
        }
      },
      close: async () => {},
    };
  }
  return {
    ready: async () => {},
    sendBoot: async () => {},
    sendState: async () => {},
    close: async () => {},
  };
}

function deviceOf(devices: Map<string, SimulatedDevice>, sensorId: string): SimulatedDevice {
  const device = devices.get(sensorId.split('.')[0] ?? '');
  if (!device) {
    throw new UnknownSensorError(sensorId);
  }
  return device;
}

/** Starts simulated devices speaking the public device protocol (MQTT or HTTP ingest). */
export async function startSimulator(options: SimulatorOptions): Promise<RunningSimulator> {
  const rate = options.rate ?? 1;
  const seed = options.seed ?? 1;
  const log = options.log ?? (() => {});
  const now = options.now ?? (() => new Date());
  const devices = options.devices.map(
    (identity) =>
      new SimulatedDevice(identity, {
        seed,
        rate,
        scenarioChance: options.scenarioChance ?? 0.002,
        ...(options.scenarios ? { scenarios: options.scenarios } : {}),
        ...(options.sensorCount === undefined ? {} : { sensorCount: options.sensorCount }),
      }),
  );
  const byId = new Map(devices.map((device) => [device.udfId, device]));
  const forceAlarm = (sensorId: string) => deviceOf(byId, sensorId).forceAlarm(sensorId);
  const clearAlarm = (sensorId: string) => deviceOf(byId, sensorId).clearAlarm(sensorId);
  // Before any connection opens, so a control port that cannot be opened leaves nothing running.
  let control: ControlServer | null = null;
  if (options.controlPort !== undefined) {
    control = await startControlServer(
      {
        forceAlarm,
        clearAlarm,
        sensorIds: () => devices.flatMap((device) => device.sensorIds()),
        startScenario: (udfId, name, seconds) => byId.get(udfId)?.startScenario(name, seconds) != null,
        endScenario: (udfId, name) => byId.get(udfId)?.endScenario(name) ?? false,
      },
      options.controlPort,
      '127.0.0.1',
      { fallbackToFreePort: options.controlPortFallback === true },
    );
  }
  const senders = new Map(devices.map((d) => [d.udfId, createSender(options.transport, d.identity, log)]));
  const inFlight = new Set<string>();

  const publish = async (device: SimulatedDevice): Promise<void> => {
    const sender = senders.get(device.udfId);
    if (!sender || !device.isPublishing || inFlight.has(device.udfId)) {
      return; // a slow previous send is not stacked up behind
    }
    inFlight.add(device.udfId);
    try {
      const boot = device.takeBootMessage(now());
      if (boot) {
        await sender.sendBoot(JSON.stringify(boot));
      }
      await sender.sendState(device.serialiseStateTree(now()));
    } catch (error) {
      log(`${device.udfId}: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      inFlight.delete(device.udfId);
    }
  };

  const tickOnce = async (): Promise<void> => {
    for (const device of devices) {
      device.step();
    }
    await Promise.all(devices.map(publish));
  };

  const timer =
    options.autoStart === false
      ? null
      : setInterval(() => {
          void tickOnce();
        }, 1000 / rate);

  return {
    devices,
    getDevice: (udfId) => byId.get(udfId),
    forceAlarm,
    clearAlarm,
    tickOnce,
    controlUrl: control?.url ?? null,
    controlPortIsFallback: control?.isFallback ?? false,
    ready: async () => {
      await Promise.all([...senders.values()].map((sender) => sender.ready()));
    },
    stop: async () => {
      if (timer) {
        clearInterval(timer);
      }
      await control?.close();
      await Promise.all([...senders.values()].map((sender) => sender.close()));
    },
  };
}
