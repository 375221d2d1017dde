import {
  type BootMessage,
  type DeviceType,
  fullSensorId,
  type Sensor,
  type StateTree,
} from '@vigil/contracts';
import { buildModel } from './model/build-model';
import { type DeviceModel, renderGroup, summariseStatus, walkSensors } from './model/group-kit';
import { resetSensor, type SimSensor, stepSensor } from './model/sensor-kit';
import { Random } from './random';
import { type ActiveScenario, type ScenarioName, ScenarioRunner } from './scenarios';

/** A provisioned hardware unit: the serial number and code authenticate it. */
export type DeviceIdentity = { serialNumber: string; code: string; deviceType: DeviceType; udfId: string };

export type DeviceOptions = {
  seed: number;
  /** State trees per second. */
  rate: number;
  /** Chance per tick that a random scenario starts (0 turns random scenarios off). */
  scenarioChance?: number;
  scenarios?: readonly ScenarioName[];
  name?: string;
  ipAddress?: string;
  /** Sensors per tree (F500 and F500-UDF only); the stock model without it. */
  sensorCount?: number;
  /**
   * The tree's `time`: whole epoch seconds (default) or ISO-8601 text with milliseconds, the protocol's
   * other form (the ingest benchmark reads publish times from it).
   */
  timeFormat?: 'epoch' | 'iso';
};

export class UnknownSensorError extends Error {
  constructor(readonly sensorId: string) {
    super(`Unknown sensor ${sensorId}`);
  }
}

const RANDOM_SCENARIOS: readonly ScenarioName[] = [
  'temperature-drift',
  'misalignment',
  'underspeed',
  'lost-communication',
  'not-scanned',
];

/** One simulated device: its sensor model, scenarios and forced alarms. Pure; transports publish it. */
export class SimulatedDevice {
  readonly model: DeviceModel;
  private readonly rng: Random;
  private readonly sensorsById = new Map<string, SimSensor>();
  private readonly runner: ScenarioRunner;
  private tickCount = 0;
  private offline = false;
  private bootCount = 1;
  private pendingBoot = true;

  constructor(
    readonly identity: DeviceIdentity,
    private readonly options: DeviceOptions,
  ) {
    this.rng = new Random(options.seed).fork(identity.udfId);
    this.model = buildModel(identity.deviceType, this.rng.fork('model'), options.sensorCount);
    for (const { path, sensor } of walkSensors(this.model.groups)) {
      this.sensorsById.set(fullSensorId(identity.udfId, path, sensor.id), sensor);
    }
    this.runner = new ScenarioRunner(
      {
        udfId: identity.udfId,
        model: this.model,
        rng: this.rng.fork('scenarios'),
        setOffline: (isOffline) => {
          this.offline = isOffline;
        },
        powerUp: () => this.powerUp(),
      },
      options.rate,
    );
  }

  get udfId(): string {
    return this.identity.udfId;
  }

  get tick(): number {
    return this.tickCount;
  }

  /** False while the device is offline or powered off: it sends nothing. */
  get isPublishing(): boolean {
    return !this.offline;
  }

  /** Advances the device by one tick (1/rate seconds). */
  step(): void {
    this.tickCount += 1;
    this.maybeStartRandomScenario();
    this.runner.step(this.tickCount);
    for (const sensor of this.sensorsById.values()) {
      stepSensor(sensor, this.rng, 1 / this.options.rate);
    }
    this.model.refresh(this.model);
  }

  startScenario(name: ScenarioName, seconds?: number): ActiveScenario | null {
    return this.runner.start(name, this.tickCount, seconds);
  }

  /** Ends a running scenario before its time (an offline device publishes again); false when none ran. */
  endScenario(name: ScenarioName): boolean {
    return this.runner.end(name);
  }

  activeScenarios(): ActiveScenario[] {
    return this.runner.active();
  }

  /** Full ids of every sensor, e.g. `SIM00001.tmp.1`. */
  sensorIds(): string[] {
    return [...this.sensorsById.keys()];
  }

  /** Puts a sensor into alarm until clearAlarm; throws UnknownSensorError. */
  forceAlarm(sensorId: string): void {
    this.getSensor(sensorId).forced = true;
  }

  clearAlarm(sensorId: string): void {
    this.getSensor(sensorId).forced = false;
  }

  /** Restarts the device: counters reset, scenarios end and a boot message is due. */
  powerUp(): void {
    this.runner.clear();
    for (const sensor of this.sensorsById.values()) {
      resetSensor(sensor);
    }
    this.offline = false;
    this.bootCount += 1;
    this.pendingBoot = true;
    this.model.refresh(this.model);
  }

  /** The boot message once after each power-up, then null. */
  takeBootMessage(now: Date = new Date()): BootMessage | null {
    if (!this.pendingBoot) {
      return null;
    }
    this.pendingBoot = false;
    return {
      type: 'boot',
      deviceId: this.udfId,
      deviceType: this.identity.deviceType.toLowerCase(),
      time: Math.floor(now.getTime() / 1000),
      versionInfo: this.model.versionInfo,
      reason: this.bootCount === 1 ? 'power-up' : 'restart',
      bootCount: this.bootCount,
    };
  }

  /** The state tree exactly as a gateway sends it. */
  stateTree(now: Date = new Date()): StateTree {
    const style = this.model.style;
    const groups = this.model.groups.map((group) => renderGroup(group, style));
    const sensors: Sensor[] = [];
    const alarm = groups.some((group) => group.Alarm);
    return {
      Id: this.udfId,
      Name: this.options.name ?? `Simulated ${this.identity.deviceType} ${this.udfId}`,
      Status: summariseStatus(
        alarm,
        groups.map((group) => group.Status),
        style,
      ),
      Alarm: alarm,
      time: this.options.timeFormat === 'iso' ? now.toISOString() : Math.floor(now.getTime() / 1000),
      device: {
        deviceId: this.udfId,
        deviceType: this.identity.deviceType.toLowerCase(),
        deviceIpAddress: this.options.ipAddress ?? '10.20.0.10',
        accessCode: this.identity.code,
        protocol: '2',
        command: '17',
        length: 0,
        versionInfo: this.model.versionInfo,
      },
      groups,
      sensors,
    };
  }

  /** The tree as JSON, with `device.length` the byte length of the tree serialised with length 0. */
  serialiseStateTree(now: Date = new Date()): string {
    const json = JSON.stringify(this.stateTree(now));
    // One stringify, not two (the load benchmark sends a thousand 20 KB trees a second): `device` comes
    // before any group, and a quote inside a string is escaped, so the first "length":0 is device.length.
    return json.replace('"length":0', `"length":${Buffer.byteLength(json)}`);
  }

  private getSensor(sensorId: string): SimSensor {
    const sensor = this.sensorsById.get(sensorId);
    if (!sensor) {
      throw new UnknownSensorError(sensorId);
    }
    return sensor;
  }

  private maybeStartRandomScenario(): void {
    const chance = this.options.scenarioChance ?? 0;
    if (chance <= 0 || !this.rng.chance(chance)) {
      return;
    }
    const allowed = (this.options.scenarios ?? RANDOM_SCENARIOS).filter(
      (name) => !this.runner.isRunning(name),
    );
    const name = this.rng.pick(allowed);
    if (name) {
      this.runner.start(name, this.tickCount);
    }
  }
}
