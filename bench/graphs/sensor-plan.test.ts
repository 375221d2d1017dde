import { listSensors, safeParseStateTree } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import { benchStateTree, plannedGroupPaths, plannedSensorId, planSensors } from './sensor-plan';

const must = <T>(value: T | undefined): T => {
  if (value === undefined) {
    throw new Error('the fixture lacks a value');
  }
  return value;
};

describe('planSensors', () => {
  it('lays 100 sensors out on 25 nodes of 4, 96 NUMERIC and 4 BOOL', () => {
    const sensors = planSensors(100);
    expect(sensors).toHaveLength(100);
    expect(sensors.filter((sensor) => sensor.type === 'BOOL')).toHaveLength(4);
    expect(plannedGroupPaths(sensors)).toHaveLength(25);
    expect(plannedGroupPaths(sensors)[0]).toBe('net1.n01');
    expect(plannedSensorId('SIM00001', must(sensors[5]))).toBe('SIM00001.net1.n02.2');
    expect(new Set(sensors.map((sensor) => plannedSensorId('X', sensor))).size).toBe(100);
  });

  it('trims the last node of a count that is not a multiple of 4', () => {
    expect(plannedGroupPaths(planSensors(10))).toEqual(['net1.n01', 'net1.n02', 'net1.n03']);
  });
});

describe('benchStateTree', () => {
  it('is a tree the ingest accepts, holding every planned sensor with its reading', () => {
    const sensors = planSensors(20);
    const tree = benchStateTree(
      { udfId: 'SIM00001', code: '123456' },
      sensors,
      (sensor) =>
        sensor.index === 3
          ? { value: 99, status: 'Alarm', inAlarm: true }
          : { value: sensor.base, status: 'OK', inAlarm: false },
      new Date('2026-11-20T10:00:00Z'),
    );
    expect(safeParseStateTree(JSON.parse(JSON.stringify(tree))).success).toBe(true);
    expect(tree.Alarm).toBe(true);
    expect(tree.groups[0]?.groups?.[0]).toMatchObject({ Id: 'n01', Status: 'Alarm', Alarm: true });
    expect(tree.groups[0]?.groups?.[1]).toMatchObject({ Id: 'n02', Status: 'OK', Alarm: false });
    const ids = listSensors(tree).map((entry) => entry.fullId);
    expect(ids).toEqual(sensors.map((sensor) => plannedSensorId('SIM00001', sensor)));
  });
});
