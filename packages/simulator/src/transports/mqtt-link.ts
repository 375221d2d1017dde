import { deviceBootTopic, deviceClientId, deviceStateTopic } from '@vigil/contracts';
import { connect, type MqttClient } from 'mqtt';
import type { DeviceIdentity } from '../device';

export type MqttLinkOptions = {
  brokerUrl: string;
  identity: DeviceIdentity;
  minBackoffMs?: number;
  maxBackoffMs?: number;
  log?: (line: string) => void;
};

/** One device's broker connection: serial number and code as credentials, clientId `vigil-<udf_id>` (required). */
export class MqttLink {
  private readonly client: MqttClient;
  private readonly minBackoffMs: number;
  private readonly maxBackoffMs: number;
  private failures = 0;

  constructor(private readonly options: MqttLinkOptions) {
    const { identity } = options;
    this.minBackoffMs = options.minBackoffMs ?? 1000;
    this.maxBackoffMs = options.maxBackoffMs ?? 30_000;
    this.client = connect(options.brokerUrl, {
      clientId: deviceClientId(identity.udfId),
      username: identity.serialNumber,
      password: identity.code,
      clean: true,
      reconnectPeriod: this.minBackoffMs,
      connectTimeout: 10_000,
    });
    this.client.on('connect', () => {
      this.failures = 0;
      this.client.options.reconnectPeriod = this.minBackoffMs;
    });
    // Exponential back-off with jitter so a broker restart is not hit by every device at once.
    this.client.on('close', () => {
      this.failures += 1;
      const ceiling = Math.min(this.maxBackoffMs, this.minBackoffMs * 2 ** Math.min(this.failures - 1, 10));
      this.client.options.reconnectPeriod = Math.round(ceiling * (0.5 + Math.random() * 0.5));
    });
    this.client.on('error', (error) => options.log?.(`${identity.udfId}: mqtt ${error.message}`));
  }

  get isConnected(): boolean {
    return this.client.connected;
  }

  /** Resolves once connected the first time. */
  waitForConnect(): Promise<void> {
    if (this.client.connected) {
      return Promise.resolve();
    }
    return new Promise((resolve) => this.client.once('connect', () => resolve()));
  }

  /** Publishes a state tree at QoS 1; dropped while disconnected since the next tree supersedes it. */
  async publishState(json: string): Promise<boolean> {
    if (!this.client.connected) {
      return false;
    }
    await this.client.publishAsync(deviceStateTopic(this.options.identity.udfId), json, { qos: 1 });
    return true;
  }

  /** Publishes a boot message at QoS 1; queued while disconnected so a reboot is never lost. */
  async publishBoot(json: string): Promise<void> {
    await this.client.publishAsync(deviceBootTopic(this.options.identity.udfId), json, { qos: 1 });
  }

  async close(): Promise<void> {
    await this.client.endAsync(true);
  }
}
