import type { StateTree } from '@vigil/contracts';
import type { Database } from '../../db/database';
import { nextWarningStep, readingOf, reportsNaWhenClear } from './warning-evaluation';
import { sensorsById } from './warning-sensor';
import { applyWarningStep, findWatchedWarnings, type WatchedWarning } from './warnings.repo';

export type WarningsLog = {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
};

export type WarningsMonitorDeps = {
  db: Database;
  log: WarningsLog;
  /** How often every device's warnings and states are reloaded (default 5 s). */
  reloadMs?: number;
  /** Loads warnings with their states, of one device or of all (default: from `db`). */
  loadWarnings?: (deviceId?: number) => Promise<WatchedWarning[]>;
};

/**
 * Evaluates the warnings of every tree the ingest stores (docs/warnings.md). Each device's warnings and their
 * last known states are kept in memory: a tree of a device without warnings costs one Map lookup, and a tree
 * that cannot move any warning from its known state costs no database work. The database decides every
 * step — each is an UPDATE conditional on the state it leaves, with its event in the same transaction — so two
 * instances that see the same tree record one event. The memory is reloaded at once for a device whose list
 * this instance saved, and every `reloadMs` for lists saved and steps taken on other instances.
 */
export class WarningsMonitor {
  private byDevice = new Map<number, WatchedWarning[]>();
  /** Counts this instance's changes; `changedAt` has each device's last (a racing reload keeps its memory). */
  private changes = 0;
  private readonly changedAt = new Map<number, number>();
  private readonly chains = new Map<number, Promise<void>>();
  private timer: NodeJS.Timeout | undefined;
  private reloading: Promise<void> | undefined;

  private readonly loadWarnings: (deviceId?: number) => Promise<WatchedWarning[]>;

  constructor(private readonly deps: WarningsMonitorDeps) {
    this.loadWarnings = deps.loadWarnings ?? ((deviceId) => findWatchedWarnings(deps.db, deviceId));
  }

  async start(): Promise<void> {
    await this.refresh();
    this.timer = setInterval(() => {
      if (this.reloading === undefined) {
        this.reloading = this.refreshLogged().finally(() => {
          this.reloading = undefined;
        });
      }
    }, this.deps.reloadMs ?? 5000);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.reloading;
    await Promise.all([...this.chains.values()]);
  }

  /** Whether the device has warnings this instance evaluates. */
  isWatching(deviceId: number): boolean {
    return this.byDevice.has(deviceId);
  }

  /** Reloads every device's warnings and states from the database (a device changed meanwhile keeps its memory). */
  async refresh(): Promise<void> {
    const before = this.changes;
    const rows = await this.loadWarnings();
    const byDevice = new Map<number, WatchedWarning[]>();
    for (const row of rows) {
      const list = byDevice.get(row.deviceId) ?? [];
      list.push(row);
      byDevice.set(row.deviceId, list);
    }
    for (const [deviceId, change] of this.changedAt) {
      if (change <= before) {
        this.changedAt.delete(deviceId);
        continue;
      }
      const current = this.byDevice.get(deviceId);
      if (current === undefined) {
        byDevice.delete(deviceId);
      } else {
        byDevice.set(deviceId, current);
      }
    }
    this.byDevice = byDevice;
  }

  /** Reloads one device's warnings (after this instance saved its list), in turn with its trees. */
  async reloadDevice(deviceId: number): Promise<void> {
    await this.inTurn(deviceId, async () => {
      const rows = await this.loadWarnings(deviceId);
      this.noteChange(deviceId);
      if (rows.length === 0) {
        this.byDevice.delete(deviceId);
      } else {
        this.byDevice.set(deviceId, rows);
      }
    });
  }

  /** Called by the ingest after a tree was stored; trees of one device are handled in order. Never throws. */
  async observe(deviceId: number, tree: StateTree, at: Date): Promise<void> {
    if (!this.byDevice.has(deviceId)) {
      return;
    }
    await this.inTurn(deviceId, () => this.evaluate(deviceId, tree, at));
  }

  private async inTurn(deviceId: number, work: () => Promise<void>): Promise<void> {
    const previous = this.chains.get(deviceId) ?? Promise.resolve();
    const current = previous.then(work).catch((error: unknown) => {
      this.deps.log.error({ err: error, deviceId }, 'warnings evaluation failed');
    });
    this.chains.set(deviceId, current);
    await current;
    if (this.chains.get(deviceId) === current) {
      this.chains.delete(deviceId);
    }
  }

  private async evaluate(deviceId: number, tree: StateTree, at: Date): Promise<void> {
    const watched = this.byDevice.get(deviceId);
    if (watched === undefined) {
      return;
    }
    const sensors = sensorsById(tree);
    const naIsClear = reportsNaWhenClear(tree);
    const gone = new Set<number>();
    for (const warning of watched) {
      try {
        const sensor = sensors.get(warning.sensorId);
        const reading = readingOf(sensor, naIsClear);
        const step = nextWarningStep(warning, warning.state, reading, at);
        if (step.kind === 'none') {
          continue;
        }
        const crossed =
          sensor === undefined ? undefined : { units: sensor.Meta.Units ?? null, name: sensor.Name };
        const state = await applyWarningStep(this.deps.db, warning, step, at, crossed);
        this.noteChange(deviceId);
        if (state === undefined) {
          gone.add(warning.id);
          continue;
        }
        if (state.active !== warning.state.active) {
          this.deps.log.info({ deviceId, warningId: warning.id, active: state.active }, 'warning changed');
        }
        warning.state = state;
      } catch (error) {
        this.deps.log.error({ err: error, deviceId, warningId: warning.id }, 'warning evaluation failed');
      }
    }
    if (gone.size > 0) {
      // Removed by a save on another instance.
      this.byDevice.set(
        deviceId,
        watched.filter((warning) => !gone.has(warning.id)),
      );
    }
  }

  private noteChange(deviceId: number): void {
    this.changes++;
    this.changedAt.set(deviceId, this.changes);
  }

  private async refreshLogged(): Promise<void> {
    try {
      await this.refresh();
    } catch (error) {
      this.deps.log.error({ err: error }, 'warnings reload failed');
    }
  }
}
