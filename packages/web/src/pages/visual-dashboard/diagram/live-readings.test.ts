import type { StateTree } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import { diagramSocketPath, readTreeFrame } from './live-readings';

const tree = (deviceId: string, value: number, extraSensor = true): StateTree => ({
  Id: 1,
  Name: 'Leg',
  Status: 'OK',
  Alarm: false,
  time: 1_700_000_000,
  device: { deviceId, deviceType: '0300' },
  sensors: [],
  groups: [
    {
      Id: 'head',
      Name: 'Head',
      Status: 'OK',
      Alarm: false,
      sensors: [
        {
          Id: 1,
          Name: 'Left',
          Status: 'OK' as const,
          Alarm: false,
          Type: 'NUMERIC' as const,
          Value: value,
          Meta: {},
        },
        ...(extraSensor
          ? [
              {
                Id: 2,
                Name: 'Right',
                Status: 'OK' as const,
                Alarm: false,
                Type: 'NUMERIC' as const,
                Value: 0,
                Meta: {},
              },
            ]
          : []),
      ],
    },
  ],
});

describe('live readings', () => {
  it('drops frames that are not state trees', () => {
    expect(readTreeFrame('not json')).toBeNull();
    expect(readTreeFrame('{"cmd":"pong"}')).toBeNull();
    expect(readTreeFrame(JSON.stringify(tree('A1', 1)))?.device.deviceId).toBe('A1');
  });

  it('names the socket of a tab and of a machine', () => {
    expect(diagramSocketPath({ kind: 'tab', id: 4 })).toBe('/ws/tab-devices-data/4/');
    expect(diagramSocketPath({ kind: 'machine', id: 9 })).toBe('/ws/machine-devices-data/9/');
  });
});
