import { describe, expect, it } from 'vitest';
import { isNodeSensorId, sensorDisplayName } from './sensor-display-name';

describe("a sensor's display name", () => {
  it('names the node of an F500 sensor, so the four nodes are told apart', () => {
    const names = ['n01', 'n02', 'n03', 'n04'].map((node) =>
      sensorDisplayName(`F5000001.net1.${node}.1`, 'Bearing Temperature', { deviceType: 'F500' }),
    );
    expect(names).toEqual([
      'Bearing Temperature · Node 1',
      'Bearing Temperature · Node 2',
      'Bearing Temperature · Node 3',
      'Bearing Temperature · Node 4',
    ]);
  });

  it('names the network too on an F500-UDF, by its custom name where one is set', () => {
    const place = { deviceType: 'F500-UDF', networks: { '2': 'North conveyors' } };
    expect(sensorDisplayName('U1.net1.n03.1', 'Bearing Temperature', place)).toBe(
      'Bearing Temperature · Network 1 · Node 3',
    );
    expect(sensorDisplayName('U1.net2.n03.1', 'Bearing Temperature', place)).toBe(
      'Bearing Temperature · North conveyors · Node 3',
    );
  });

  it('leaves a sensor outside a node as it is named', () => {
    expect(sensorDisplayName('F5000001.system.18000', 'Uptime', { deviceType: 'F500' })).toBe('Uptime');
    expect(sensorDisplayName('W0300001.plug.1', 'Plug Switch', { deviceType: '0300' })).toBe('Plug Switch');
    expect(isNodeSensorId('F5000001.system.18000')).toBe(false);
    expect(isNodeSensorId('F5000001.net1.n03.1')).toBe(true);
  });

  it('keeps a node Id without digits as the tree gives it', () => {
    expect(sensorDisplayName('F1.net1.east.2', 'Alignment', { deviceType: 'F500' })).toBe(
      'Alignment · Node east',
    );
  });
});
