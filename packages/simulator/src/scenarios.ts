import { fullSensorId } from '@vigil/contracts';
import { type DeviceModel, type SimGroup, walkGroups, walkSensors } from './model/group-kit';
import type { SimSensor } from './model/sensor-kit';
import type { Random } from './random';

export const SCENARIO_NAMES = [
  'temperature-drift',
  'misalignment',
  'underspeed',
  'lost-communication',
  'not-scanned',
  'offline',
  'power-up',
] as const;
export type ScenarioName = (typeof SCENARIO_NAMES)[number];

/** What a scenario may touch on its device. */
export type ScenarioHost = {
  udfId: string;
  model: DeviceModel;
  rng: Random;
  setOffline: (isOffline: boolean) => void;
  powerUp: () => void;
};

type Target = { label: string; sensors: SimSensor[] };

type ScenarioDef = {
  /** Length in ticks at 1 Hz; scaled by the device's rate. */
  seconds: number;
  pickTarget: (host: ScenarioHost) => Target | null;
  apply: (target: Target, progress: number, host: ScenarioHost) => void;
  end: (target: Target, host: ScenarioHost) => void;
};

export type ActiveScenario = { name: ScenarioName; target: string; startTick: number; endTick: number };

function pickSensor(
  host: ScenarioHost,
  accept: (sensor: SimSensor, group: SimGroup) => boolean,
): Target | null {
  const candidates = [...walkSensors(host.model.groups)].filter(
    ({ sensor, group }) => sensor.fixedState === null && !sensor.lostComm && accept(sensor, group),
  );
  const chosen = host.rng.pick(candidates);
  return chosen
    ? { label: fullSensorId(host.udfId, chosen.path, chosen.sensor.id), sensors: [chosen.sensor] }
    : null;
}

function each(sensors: SimSensor[], update: (sensor: SimSensor) => void): void {
  for (const sensor of sensors) {
    update(sensor);
  }
}

const deviceTarget = (host: ScenarioHost): Target => ({ label: host.udfId, sensors: [] });

const DEFINITIONS: Record<ScenarioName, ScenarioDef> = {
  // Rises past Max half-way through, then falls back below it.
  'temperature-drift': {
    seconds: 120,
    pickTarget: (host) => pickSensor(host, (s) => s.kind === 'temperature' && s.max !== null),
    apply: ({ sensors }, progress) => {
      for (const sensor of sensors) {
        const peak = (sensor.max ?? sensor.base) - sensor.base + sensor.noise + 8;
        sensor.drift = peak * Math.sin(Math.PI * progress);
      }
    },
    end: ({ sensors }) =>
      each(sensors, (sensor) => {
        sensor.drift = 0;
      }),
  },
  misalignment: {
    seconds: 30,
    pickTarget: (host) => pickSensor(host, (s) => s.tags.includes('alignment')),
    apply: ({ sensors }) =>
      each(sensors, (sensor) => {
        sensor.override = 1;
      }),
    end: ({ sensors }) =>
      each(sensors, (sensor) => {
        sensor.override = null;
      }),
  },
  underspeed: {
    seconds: 30,
    pickTarget: (host) => pickSensor(host, (s) => s.kind === 'speed' && s.min !== null),
    apply: ({ sensors }) =>
      each(sensors, (sensor) => {
        sensor.override = (sensor.min ?? 0) * 0.5;
      }),
    end: ({ sensors }) =>
      each(sensors, (sensor) => {
        sensor.override = null;
      }),
  },
  'lost-communication': {
    seconds: 45,
    pickTarget: (host) => {
      const nodes = [...walkGroups(host.model.groups)].filter(({ group }) => group.tags.includes('node'));
      const chosen = host.rng.pick(nodes);
      return chosen ? { label: [host.udfId, ...chosen.path].join('.'), sensors: chosen.group.sensors } : null;
    },
    apply: ({ sensors }) =>
      each(sensors, (sensor) => {
        sensor.lostComm = true;
      }),
    end: ({ sensors }) =>
      each(sensors, (sensor) => {
        sensor.lostComm = false;
      }),
  },
  'not-scanned': {
    seconds: 30,
    pickTarget: (host) =>
      host.model.family === 'f500' ? pickSensor(host, (_sensor, group) => group.tags.includes('node')) : null,
    apply: ({ sensors }) =>
      each(sensors, (sensor) => {
        sensor.notScanned = true;
      }),
    end: ({ sensors }) =>
      each(sensors, (sensor) => {
        sensor.notScanned = false;
      }),
  },
  // Longer than the server's default 60 s offline threshold.
  offline: {
    seconds: 90,
    pickTarget: deviceTarget,
    apply: (_target, _progress, host) => host.setOffline(true),
    end: (_target, host) => host.setOffline(false),
  },
  // Power off for a few seconds, then boot: counters reset and a boot message goes out.
  'power-up': {
    seconds: 5,
    pickTarget: deviceTarget,
    apply: (_target, _progress, host) => host.setOffline(true),
    end: (_target, host) => {
      host.setOffline(false);
      host.powerUp();
    },
  },
};

type Running = ActiveScenario & { def: ScenarioDef; targetRef: Target };

/** Starts, advances and ends scenarios on one device. */
export class ScenarioRunner {
  private running: Running[] = [];

  constructor(
    private readonly host: ScenarioHost,
    private readonly ticksPerSecond: number,
  ) {}

  /** Starts a scenario now; null when the device has nothing it could affect. */
  start(name: ScenarioName, tick: number, seconds?: number): ActiveScenario | null {
    const def = DEFINITIONS[name];
    const target = def.pickTarget(this.host);
    if (!target) {
      return null;
    }
    const ticks = Math.max(1, Math.round((seconds ?? def.seconds) * this.ticksPerSecond));
    const entry: Running = {
      name,
      target: target.label,
      startTick: tick,
      endTick: tick + ticks,
      def,
      targetRef: target,
    };
    this.running.push(entry);
    def.apply(target, 0, this.host);
    return this.describe(entry);
  }

  /** Applies running scenarios for `tick` and ends the ones whose time is up. */
  step(tick: number): void {
    for (const entry of [...this.running]) {
      if (!this.running.includes(entry)) {
        continue; // a power-up ended it
      }
      if (tick >= entry.endTick) {
        this.running = this.running.filter((other) => other !== entry);
        entry.def.end(entry.targetRef, this.host);
        continue;
      }
      const progress = (tick - entry.startTick) / (entry.endTick - entry.startTick);
      entry.def.apply(entry.targetRef, progress, this.host);
    }
  }

  /** Ends every running scenario of that name now, as if its time were up; false when none ran. */
  end(name: ScenarioName): boolean {
    const ending = this.running.filter((entry) => entry.name === name);
    this.running = this.running.filter((entry) => entry.name !== name);
    for (const entry of ending) {
      entry.def.end(entry.targetRef, this.host);
    }
    return ending.length > 0;
  }

  isRunning(name: ScenarioName): boolean {
    return this.running.some((entry) => entry.name === name);
  }

  active(): ActiveScenario[] {
    return this.running.map((entry) => this.describe(entry));
  }

  clear(): void {
    this.running = [];
  }

  private describe(entry: Running): ActiveScenario {
    return { name: entry.name, target: entry.target, startTick: entry.startTick, endTick: entry.endTick };
  }
}
