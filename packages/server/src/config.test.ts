import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      mqttPort: 1883,
      mqttConsumers: 8,
      demo: true,
      deviceOfflineAfterSeconds: 60,
      telemetryRetentionDays: 35,
      historyRetentionDays: 400,
      maintenanceTimeoutSeconds: 540,
      logLevel: 'info',
    });
    expect(config.publicUrl).toBe('http://localhost:8080/');
  });

  it('gives each instance of a machine its own MQTT consumer client ids, stable across its restarts', () => {
    expect(loadConfig({ PORT: '8081' }).mqttClientId).toMatch(/^vigil-ingest-.+-8081$/);
    expect(loadConfig({ PORT: '8081' }).mqttClientId).not.toBe(loadConfig({ PORT: '8082' }).mqttClientId);
    expect(loadConfig({ MQTT_CLIENT_ID: 'plant-a_1' }).mqttClientId).toBe('plant-a_1');
    expect(() => loadConfig({ MQTT_CLIENT_ID: 'has space' })).toThrow(/MQTT_CLIENT_ID/);
    expect(loadConfig({}).mqttShareGroup).toBe('vigil');
    expect(() => loadConfig({ MQTT_SHARE_GROUP: 'a/b' })).toThrow(/MQTT_SHARE_GROUP/);
  });

  it('turns the demo off by default on a PostgreSQL server', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).demo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db', DEMO: '1' }).demo).toBe(true);
    expect(loadConfig({ DEMO: '0' }).demo).toBe(false);
  });

  it('summarises request logs for the demo and a terminal, and logs each request for a log collector', () => {
    expect(loadConfig({}).requestLog).toBe('summary');
    expect(loadConfig({ DEMO: '0' }).requestLog).toBe('each');
    expect(loadConfig({ DEMO: '0' }, { isTerminal: true }).requestLog).toBe('summary');
    expect(loadConfig({ REQUEST_LOG: 'each' }, { isTerminal: true }).requestLog).toBe('each');
    expect(loadConfig({ DEMO: '0', REQUEST_LOG: 'summary' }).requestLog).toBe('summary');
    expect(() => loadConfig({ REQUEST_LOG: 'all' })).toThrow(/REQUEST_LOG/);
  });

  it('names every bad variable', () => {
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', DEMO: 'maybe', MQTT_CONSUMERS: '0' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as ConfigError).message;
      expect(message).toMatch(/^Invalid configuration: /);
      expect(message).toMatch(/PORT/);
      expect(message).toMatch(/DATABASE_URL/);
      expect(message).toMatch(/DEMO/);
      expect(message).toMatch(/MQTT_CONSUMERS/);
      expect(message).not.toMatch(/\n/);
    }
  });

  it('trusts no proxy by default, and reads TRUST_PROXY as a list of addresses', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1,loopback' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'loopback',
    ]);
    for (const bad of ['true', '1', '10.0.0.0/33', 'proxy.example.com', ',']) {
      expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(/TRUST_PROXY/);
    }
  });
});
