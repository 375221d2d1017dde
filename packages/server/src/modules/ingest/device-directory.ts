import { createHash, timingSafeEqual } from 'node:crypto';
import type { Database } from '../../db/database';
import type { ControlEvent } from '../../realtime/control-events';
import {
  findIngestDeviceBySerial,
  findIngestDeviceByUdfId,
  type IngestDeviceRow,
} from '../devices/devices.repo';

/** A device as the ingest needs it; the code stays inside the directory. */
export type DirectoryDevice = Omit<IngestDeviceRow, 'code'>;

type Entry = { row: IngestDeviceRow | undefined; expiresAt: number };

export type DeviceDirectoryOptions = { ttlMs?: number; now?: () => number };

function sameSecret(a: string, b: string): boolean {
  // Hash first so the comparison is constant-time whatever the lengths.
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(a), digest(b));
}

/** Whether the device's trees go to the live feed: neither the device nor its site is suspended. */
export function isLive(device: DirectoryDevice): boolean {
  return !device.isSuspended && !device.isSiteSuspended;
}

function withoutCode(row: IngestDeviceRow): DirectoryDevice {
  const { code: _code, ...device } = row;
  return device;
}

/**
 * Devices by serial number and by udf_id, cached for 60 s (MQTT connects and HTTP ingest ask on every
 * message). Unknown and suspended devices are never served from the cache for long, so a device added or
 * reactivated on any instance is accepted within seconds; a suspension is enforced at commit (markDevicesSeen).
 * The bus's access-changed events (a device or site suspended, moved or removed, on any instance) drop the
 * entries they name at once, so the live feed stops with the change, not up to 60 s later.
 */
/** How long an unknown or suspended device is remembered. */
const NEGATIVE_TTL_MS = 2_000;

export class DeviceDirectory {
  private readonly bySerial = new Map<string, Entry>();
  private readonly byUdfId = new Map<string, Entry>();
  private readonly ttlMs: number;
  private readonly now: () => number;
  /** Bumped by every drop: a lookup that began before one must not cache what it read. */
  private generation = 0;

  constructor(
    private readonly db: Database,
    options: DeviceDirectoryOptions = {},
  ) {
    this.ttlMs = options.ttlMs ?? 60_000;
    this.now = options.now ?? Date.now;
  }

  /** The device whose serial number and code match, or undefined (suspended devices included). */
  async authenticate(serialNumber: string, code: string): Promise<DirectoryDevice | undefined> {
    const row = await this.cached(this.bySerial, serialNumber, () =>
      findIngestDeviceBySerial(this.db, serialNumber),
    );
    // Compare even without a row so an unknown serial costs the same as a wrong code.
    const matches = sameSecret(row?.code ?? '', code);
    return row !== undefined && matches ? withoutCode(row) : undefined;
  }

  /** Whether `code` is the code of the device with this udf_id (a tree's device.accessCode is checked so). */
  async isCodeOf(udfId: string, code: string): Promise<boolean> {
    const row = await this.cached(this.byUdfId, udfId, () => findIngestDeviceByUdfId(this.db, udfId));
    const matches = sameSecret(row?.code ?? '', code);
    return row !== undefined && matches;
  }

  async findByUdfId(udfId: string): Promise<DirectoryDevice | undefined> {
    const row = await this.cached(this.byUdfId, udfId, () => findIngestDeviceByUdfId(this.db, udfId));
    return row === undefined ? undefined : withoutCode(row);
  }

  /** Forgets everything cached: call after devices are added, changed, suspended or deleted. */
  invalidateAll(): void {
    this.generation += 1;
    this.bySerial.clear();
    this.byUdfId.clear();
  }

  /** Drops the devices an access-changed event names (by device, site or client; all when it names none). */
  handleControl(event: ControlEvent): void {
    if (event.name !== 'access-changed') {
      return;
    }
    const { udfId, locationId, clientId, userId } = event.data;
    if (udfId === undefined && locationId === undefined && clientId === undefined) {
      if (userId === undefined) {
        this.invalidateAll();
      }
      return;
    }
    this.generation += 1;
    const isNamed = (row: IngestDeviceRow | undefined) =>
      row !== undefined &&
      (row.udfId === udfId || row.locationId === locationId || row.clientId === clientId);
    for (const map of [this.bySerial, this.byUdfId]) {
      for (const [key, entry] of map) {
        if (isNamed(entry.row)) {
          map.delete(key);
        }
      }
    }
  }

  private async cached(
    map: Map<string, Entry>,
    key: string,
    load: () => Promise<IngestDeviceRow | undefined>,
  ): Promise<IngestDeviceRow | undefined> {
    const hit = map.get(key);
    if (hit !== undefined && hit.expiresAt > this.now()) {
      return hit.row;
    }
    let generation = this.generation;
    let row = await load();
    if (generation !== this.generation) {
      // Dropped while loading: what was read may predate the change, so read again.
      generation = this.generation;
      row = await load();
    }
    if (generation === this.generation) {
      // A live device is remembered for the full time; an unknown or suspended one only briefly.
      const isKept = row !== undefined && isLive(row);
      map.set(key, { row, expiresAt: this.now() + (isKept ? this.ttlMs : NEGATIVE_TTL_MS) });
    }
    return row;
  }
}
