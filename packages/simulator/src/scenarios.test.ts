import { listSensors, type Sensor, type StateTree } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import { buildDevice } from './testing';

const NOW = new Date('2026-11-21T12:00:00Z');

function sensorOf(tree: StateTree, fullId: string): Sensor {
  const entry = listSensors(tree).find((candidate) => candidate.fullId === fullId);
  if (!entry) {
    throw new Error(`no sensor ${fullId}`);
  }
  return entry.sensor;
}

describe('scenarios', () => {
  it('drifts a temperature through the warning band into alarm and back', () => {
    const device = buildDevice('0300');
    const scenario = device.startScenario('temperature-drift', 60);
    if (!scenario) {
      throw new Error('no target');
    }
    const statuses: string[] = [];
    for (let tick = 0; tick <= 61; tick += 1) {
      device.step();
      statuses.push(sensorOf(device.stateTree(NOW), scenario.target).Status);
    }
    expect(statuses[0]).toBe('OK');
    expect(statuses[30]).toBe('Alarm');
    expect(statuses.at(-1)).toBe('OK');
    const firstWarning = statuses.indexOf('WARNING');
    expect(firstWarning).toBeGreaterThan(0);
    expect(firstWarning).toBeLessThan(statuses.indexOf('Alarm'));
    expect(statuses.lastIndexOf('WARNING')).toBeGreaterThan(statuses.lastIndexOf('Alarm'));
    expect(device.activeScenarios()).toEqual([]);
  });

  it('opens an alignment contact during misalignment', () => {
    const device = buildDevice('0300');
    const scenario = device.startScenario('misalignment', 5);
    expect(scenario?.target).toMatch(/^SIM00001\.(head|tail)\.[12]$/);
    device.step();
    const sensor = sensorOf(device.stateTree(NOW), scenario?.target ?? '');
    expect(sensor).toMatchObject({ Type: 'BOOL', Value: 1, Status: 'Alarm', Alarm: true });
    expect(sensor.Meta.State).toBe('Contact Sensor Open / OFF');
    for (let tick = 0; tick < 5; tick += 1) {
      device.step();
    }
    expect(sensorOf(device.stateTree(NOW), scenario?.target ?? '')).toMatchObject({ Value: 0, Status: 'OK' });
  });

  it('drops a speed below Min into an underspeed alarm', () => {
    const device = buildDevice('F500');
    const scenario = device.startScenario('underspeed', 5);
    device.step();
    const sensor = sensorOf(device.stateTree(NOW), scenario?.target ?? '');
    expect(Number(sensor.Value)).toBeLessThan(sensor.Meta.Min ?? 0);
    expect(sensor).toMatchObject({
      Status: 'Alarm',
      Alarm: true,
      Meta: expect.objectContaining({ Units: 'PPM' }),
    });
  });

  it('loses communication with an F500 node and counts it out of the network', () => {
    const device = buildDevice('F500-UDF');
    const scenario = device.startScenario('lost-communication', 10);
    device.step();
    const tree = device.stateTree(NOW);
    const [, networkId, nodeId] = (scenario?.target ?? '').split('.');
    const network = tree.groups.find((group) => group.Id === networkId);
    const node = network?.groups?.find((group) => group.Id === nodeId);
    expect(node?.Status).toBe('N/A');
    for (const sensor of node?.sensors ?? []) {
      expect(sensor).toMatchObject({ Value: null, Status: 'N/A', Alarm: false });
      expect(sensor.Meta.State).toBe('Lost Communication Between T500 and node');
    }
    expect(network?.Meta?.Nodes).toBe(2);
    expect(sensorOf(tree, 'SIM00001.system.3').Value).toBe(5);
  });

  it('marks a sensor Not Scanned on F500 only', () => {
    const device = buildDevice('F500');
    const scenario = device.startScenario('not-scanned', 3);
    expect(scenario?.target).toMatch(/^SIM00001\.net1\.n0\d\.\d$/);
    device.step();
    expect(sensorOf(device.stateTree(NOW), scenario?.target ?? '')).toMatchObject({
      Value: null,
      Status: 'Not Scanned',
      Meta: expect.objectContaining({ State: 'Sensor Not Scanned by T500' }),
    });
    expect(buildDevice('0300').startScenario('not-scanned')).toBeNull();
  });

  it('goes offline for a while and comes back', () => {
    const device = buildDevice('0005');
    device.startScenario('offline', 3);
    expect(device.isPublishing).toBe(false);
    device.step();
    device.step();
    expect(device.isPublishing).toBe(false);
    device.step();
    expect(device.isPublishing).toBe(true);
  });

  it('ends a scenario before its time when asked, and says when none ran', () => {
    const device = buildDevice('0005');
    device.startScenario('offline', 600);
    device.step();
    expect(device.isPublishing).toBe(false);
    expect(device.endScenario('offline')).toBe(true);
    expect(device.isPublishing).toBe(true);
    expect(device.activeScenarios()).toEqual([]);
    expect(device.endScenario('offline')).toBe(false);
  });

  it('powers up again with counters reset and a new boot message', () => {
    const device = buildDevice('F500');
    device.takeBootMessage(NOW);
    for (let tick = 0; tick < 120; tick += 1) {
      device.step();
    }
    expect(sensorOf(device.stateTree(NOW), 'SIM00001.system.5').Value).toBe(120);
    expect(sensorOf(device.stateTree(NOW), 'SIM00001.system.18000').Value).toBe(2);
    device.startScenario('power-up', 2);
    device.step();
    expect(device.isPublishing).toBe(false);
    device.step();
    expect(device.isPublishing).toBe(true);
    expect(device.takeBootMessage(NOW)).toMatchObject({ reason: 'restart', bootCount: 2 });
    expect(sensorOf(device.stateTree(NOW), 'SIM00001.system.5').Value).toBe(1);
  });
});
