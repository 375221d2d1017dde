import { type DeviceType, listSensors, type MaintenanceState, type StateTree } from '@vigil/contracts';
import type { Database } from '../../db/database';
import type { MaintenanceTestRow } from '../../db/tables/maintenance.table';
import { advanceMaintenanceTest, failOverdueTests, findRunningTests } from './maintenance.repo';
import { isRunning, observeSensor, transitionOf } from './maintenance-transitions';

export type MaintenanceLog = {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
};

/** What the monitor needs of a running test to read trees for it; `state` as last known here. */
export type WatchedTest = { sensorId: string; deviceType: DeviceType; state: MaintenanceState };

export type MaintenanceMonitorDeps = {
  db: Database;
  log: MaintenanceLog;
  /** How often the running tests are reloaded and due timeouts fired (default 1 s). */
  tickMs?: number;
  now?: () => Date;
  /** The maintenance_tests queries it runs (the repository's; a fake where a test races them). */
  tests?: MaintenanceTestQueries;
};

/** The repository functions the monitor uses. */
export type MaintenanceTestQueries = {
  advanceMaintenanceTest: typeof advanceMaintenanceTest;
  failOverdueTests: typeof failOverdueTests;
  findRunningTests: typeof findRunningTests;
};

const REPOSITORY: MaintenanceTestQueries = { advanceMaintenanceTest, failOverdueTests, findRunningTests };

/**
 * Drives running maintenance tests on this instance (docs/maintenance.md): reads the sensor under test in
 * every accepted tree of a device with a running test, and fires due timeouts. Which devices have a running
 * test is kept in memory — updated at once by this instance's own starts and ends, and reloaded from the
 * database every tick for tests started elsewhere — so trees of other devices cost one Map lookup, and a
 * tree that cannot move the test from its known state costs nothing. The database decides every transition:
 * each is an UPDATE conditional on the state it leaves, so it happens once whichever instance sees the tree
 * or the deadline.
 */
export class MaintenanceMonitor {
  private running = new Map<number, WatchedTest>();
  /** Bumped by track/untrack, so a reload that raced a local change is not applied over it. */
  private changes = 0;
  private readonly chains = new Map<number, Promise<void>>();
  private timer: NodeJS.Timeout | undefined;
  private ticking: Promise<void> | undefined;
  private readonly now: () => Date;
  private readonly tests: MaintenanceTestQueries;

  constructor(private readonly deps: MaintenanceMonitorDeps) {
    this.now = deps.now ?? (() => new Date());
    this.tests = deps.tests ?? REPOSITORY;
  }

  /** Loads the running tests, fires the timeouts that fell due while no instance ran, then ticks. */
  async start(): Promise<void> {
    await this.tick();
    this.timer = setInterval(() => {
      if (this.ticking === undefined) {
        this.ticking = this.tick().finally(() => {
          this.ticking = undefined;
        });
      }
    }, this.deps.tickMs ?? 1000);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.ticking;
    await Promise.all([...this.chains.values()]);
  }

  /** Whether this instance watches the device's trees. */
  isWatching(deviceId: number): boolean {
    return this.running.has(deviceId);
  }

  track(deviceId: number, test: WatchedTest): void {
    this.changes++;
    this.running.set(deviceId, test);
  }

  untrack(deviceId: number): void {
    this.changes++;
    this.running.delete(deviceId);
  }

  /**
   * Called by the ingest after a tree was stored: applies the transition the sensor's state causes, if any.
   * Trees of one device are handled in arrival order; never throws.
   */
  async observe(deviceId: number, tree: StateTree, at: Date): Promise<void> {
    if (!this.running.has(deviceId)) {
      return;
    }
    const previous = this.chains.get(deviceId) ?? Promise.resolve();
    const current = previous.then(() => this.apply(deviceId, tree, at));
    this.chains.set(deviceId, current);
    await current;
    if (this.chains.get(deviceId) === current) {
      this.chains.delete(deviceId);
    }
  }

  /** Fails the running tests whose deadline passed (one instance at a time; each test once). */
  async fireTimeouts(at = this.now()): Promise<MaintenanceTestRow[]> {
    const failed = await this.tests.failOverdueTests(this.deps.db, at, { lock: true });
    for (const test of failed) {
      this.untrack(test.deviceId);
      this.deps.log.info({ deviceId: test.deviceId, sensorId: test.sensorId }, 'maintenance test timed out');
    }
    return failed;
  }

  /** Reloads which devices have a running test. */
  async refresh(): Promise<void> {
    const before = this.changes;
    const rows = await this.tests.findRunningTests(this.deps.db);
    if (before !== this.changes) {
      return;
    }
    this.running = new Map(
      rows.map((row) => [
        row.deviceId,
        { sensorId: row.sensorId, deviceType: row.deviceType, state: row.state },
      ]),
    );
  }

  private async tick(): Promise<void> {
    try {
      await this.fireTimeouts();
      await this.refresh();
    } catch (error) {
      this.deps.log.error({ err: error }, 'maintenance timeouts failed');
    }
  }

  private async apply(deviceId: number, tree: StateTree, at: Date): Promise<void> {
    // Read when its turn comes: an earlier tree's step or a reload may have changed it since the tree arrived.
    const test = this.running.get(deviceId);
    if (test === undefined) {
      return;
    }
    try {
      const sensor = listSensors(tree).find((entry) => entry.fullId === test.sensorId)?.sensor;
      const transition = transitionOf(observeSensor(sensor, test.deviceType));
      // States only move forward: a known state other than `from` means the move is not due (or done).
      if (transition === null || transition.from !== test.state) {
        return;
      }
      const moved = await this.tests.advanceMaintenanceTest(this.deps.db, deviceId, {
        ...transition,
        at,
        sensorId: test.sensorId,
      });
      if (moved === undefined) {
        return;
      }
      this.deps.log.info({ deviceId, sensorId: test.sensorId, state: moved.state }, 'maintenance test step');
      if (isRunning(moved.state)) {
        // A reload that read the rows before this step committed must not put the old state back, neither one
        // still reading (the counter) nor one applied while the UPDATE ran (it replaced the map's entry).
        // A test ended here meanwhile (a cancel) stays ended.
        this.changes++;
        if (this.running.get(deviceId)?.sensorId === test.sensorId) {
          this.running.set(deviceId, { ...test, state: moved.state });
        }
      } else {
        this.untrack(deviceId);
      }
    } catch (error) {
      this.deps.log.error({ err: error, deviceId }, 'maintenance observation failed');
    }
  }
}
