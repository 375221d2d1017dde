import {
  CREDENTIAL_FAILURE_WINDOW_S,
  CREDENTIAL_FAILURES_PER_ADDRESS,
  CREDENTIAL_FAILURES_PER_SERIAL,
  CREDENTIAL_FAILURES_PER_SERIAL_AND_ADDRESS,
} from '@vigil/contracts';
import { limitKeyOf } from '../../limits/limit-key';
import type { LimitCounter, LimitStore, LimitWindow } from '../../limits/limit-store';
import type { DirectoryDevice } from './device-directory';
import type { IngestMetrics } from './ingest-metrics';

/** What a device login comes to: the device, a wrong serial number or code, or a wait. */
export type GuardedLogin =
  | { outcome: 'device'; device: DirectoryDevice }
  | { outcome: 'wrong' }
  | { outcome: 'throttled'; retryAfterSeconds: number };

type Authenticator = {
  authenticate(serialNumber: string, code: string): Promise<DirectoryDevice | undefined>;
};

/**
 * Throttles device-credential guessing on HTTP ingest and the broker's CONNECT (docs/device-protocol.md
 * 'Credential guessing'). Wrong codes are counted per serial number and address, per serial number and per
 * address over a 10-minute window; a throttled attempt is refused before its code is checked (so a right guess
 * teaches nothing) and is not counted. A serial number under attack from many addresses refuses only the
 * addresses that failed on it: the unit itself, sending its right code from its own address, goes on.
 */
export class CredentialGuard {
  private readonly perPair: LimitCounter;
  private readonly perSerial: LimitCounter;
  private readonly perAddress: LimitCounter;

  /** `metrics`: throttled attempts count in vigil_ingest_rejected_total as `credential_throttled`. */
  constructor(
    limits: LimitStore,
    private readonly metrics?: Pick<IngestMetrics, 'rejected'>,
  ) {
    const window = (points: number) => ({ points, durationSeconds: CREDENTIAL_FAILURE_WINDOW_S });
    this.perPair = limits.counter('device-login-pair', window(CREDENTIAL_FAILURES_PER_SERIAL_AND_ADDRESS));
    this.perSerial = limits.counter('device-login-serial', window(CREDENTIAL_FAILURES_PER_SERIAL));
    this.perAddress = limits.counter('device-login-address', window(CREDENTIAL_FAILURES_PER_ADDRESS));
  }

  /** Checks serial number and code from `address` unless that address must wait. */
  async authenticate(
    directory: Authenticator,
    serialNumber: string,
    code: string,
    address: string,
  ): Promise<GuardedLogin> {
    // Hashed: a guesser's long made-up serials cannot grow the counters, and no address is stored in clear text.
    const keys = {
      pair: limitKeyOf(serialNumber, address),
      serial: limitKeyOf(serialNumber),
      address: limitKeyOf(address),
    };
    const retryAfterSeconds = await this.waitSeconds(keys);
    if (retryAfterSeconds > 0) {
      this.metrics?.rejected.inc({ reason: 'credential_throttled' });
      return { outcome: 'throttled', retryAfterSeconds };
    }
    const device = await directory.authenticate(serialNumber, code);
    if (device !== undefined) {
      return { outcome: 'device', device };
    }
    await Promise.all([
      this.perPair.add(keys.pair),
      this.perSerial.add(keys.serial),
      this.perAddress.add(keys.address),
    ]);
    return { outcome: 'wrong' };
  }

  private async waitSeconds(keys: { pair: string; serial: string; address: string }): Promise<number> {
    const [pair, serial, address] = await Promise.all([
      this.perPair.peek(keys.pair),
      this.perSerial.peek(keys.serial),
      this.perAddress.peek(keys.address),
    ]);
    const full = (window: LimitWindow, counter: LimitCounter) => window.used >= counter.rule.points;
    const waits: number[] = [];
    if (full(pair, this.perPair)) {
      waits.push(pair.resetSeconds);
    }
    if (full(serial, this.perSerial) && pair.used > 0) {
      waits.push(Math.min(serial.resetSeconds, pair.resetSeconds));
    }
    if (full(address, this.perAddress)) {
      waits.push(address.resetSeconds);
    }
    return Math.max(0, ...waits);
  }
}
