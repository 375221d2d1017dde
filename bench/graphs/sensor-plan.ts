import {
  fullSensorId,
  SENSOR_STATE_TEXTS,
  type SensorStatus,
  type SensorType,
  type StateTree,
} from '@vigil/contracts';

/**
 * The bench device: an F500 whose one network holds nodes of 4 sensors (`net1.n01.1` …), mostly NUMERIC with a
 * BOOL alignment contact every 25th sensor, as the "100 sensors" asks. Each sensor carries what its
 * history is made of (history-values.ts): a level, a daily swing, noise and an alarm limit its spikes cross.
 */
export type PlannedSensor = {
  /** 0-based position on the device. */
  index: number;
  /** Group ids from the tree's top: ['net1', 'n01']. */
  groupPath: [string, string];
  nodeName: string;
  id: string;
  name: string;
  type: Extract<SensorType, 'NUMERIC' | 'BOOL'>;
  units: string | null;
  decimals: number;
  /** Level the value swings around, and the height of its daily swing. */
  base: number;
  amplitude: number;
  /** Noise added to every reading: ± this much. */
  noise: number;
  /** Meta.Max: readings above it are alarms (a spike goes there). */
  alarmAbove: number;
  /** Where in its day the sensor's swing starts (radians). */
  phase: number;
};

export const SENSORS_PER_NODE = 4;
/** Every 25th sensor is a BOOL contact: 4 of 100. */
const BOOL_EVERY = 25;

type Kind = Pick<
  PlannedSensor,
  'name' | 'units' | 'decimals' | 'base' | 'amplitude' | 'noise' | 'alarmAbove'
>;

/** The four sensors of a node, by position. */
const NODE_KINDS: readonly Kind[] = [
  {
    name: 'Bearing Temperature',
    units: '°F',
    decimals: 1,
    base: 100,
    amplitude: 12,
    noise: 0.8,
    alarmAbove: 185,
  },
  { name: 'Shaft Speed', units: 'PPM', decimals: 0, base: 320, amplitude: 25, noise: 3, alarmAbove: 450 },
  {
    name: 'Belt Temperature',
    units: '°F',
    decimals: 1,
    base: 85,
    amplitude: 10,
    noise: 0.6,
    alarmAbove: 170,
  },
  { name: 'Dust Level', units: null, decimals: 1, base: 40, amplitude: 8, noise: 1.5, alarmAbove: 90 },
];

const CONTACT: Kind = {
  name: 'Alignment',
  units: null,
  decimals: 0,
  base: 0,
  amplitude: 0,
  noise: 0,
  alarmAbove: 0.5,
};

/** The sensors of every bench device (the same layout on each). */
export function planSensors(count: number): PlannedSensor[] {
  return Array.from({ length: count }, (_, index) => {
    const node = Math.floor(index / SENSORS_PER_NODE) + 1;
    const isContact = index % BOOL_EVERY === BOOL_EVERY - 1;
    const kind = isContact ? CONTACT : (NODE_KINDS[index % SENSORS_PER_NODE] as Kind);
    // Nodes differ a little, so the graphs of one device are not copies of each other.
    const offset = isContact ? 0 : (node % 8) * (kind.amplitude / 4);
    return {
      index,
      groupPath: ['net1', `n${String(node).padStart(2, '0')}`],
      nodeName: `Network 1 Node ${node}`,
      id: String((index % SENSORS_PER_NODE) + 1),
      type: isContact ? 'BOOL' : 'NUMERIC',
      ...kind,
      base: kind.base + offset,
      phase: (index * 2.399) % (2 * Math.PI),
    };
  });
}

/** Full dotted id of a planned sensor on a device, as the ingest stores it in `sensors.sensor_id`. */
export function plannedSensorId(udfId: string, sensor: PlannedSensor): string {
  return fullSensorId(udfId, sensor.groupPath, sensor.id);
}

/** Dotted group paths of a device's planned sensors, in order: one graph each. */
export function plannedGroupPaths(sensors: readonly PlannedSensor[]): string[] {
  return [...new Set(sensors.map((sensor) => sensor.groupPath.join('.')))];
}

export type SensorReading = { value: number; status: SensorStatus; inAlarm: boolean };

/** The state tree the device sends once through the ingest: the planned sensors with their readings. */
export function benchStateTree(
  identity: { udfId: string; code: string },
  sensors: readonly PlannedSensor[],
  readingOf: (sensor: PlannedSensor) => SensorReading,
  at: Date,
): StateTree {
  const nodes = new Map<string, { name: string; sensors: StateTree['sensors'] }>();
  for (const sensor of sensors) {
    const reading = readingOf(sensor);
    const nodeId = sensor.groupPath[1];
    const node = nodes.get(nodeId) ?? { name: sensor.nodeName, sensors: [] };
    nodes.set(nodeId, node);
    node.sensors.push({
      Id: sensor.id,
      Name: sensor.name,
      Type: sensor.type,
      Value: reading.value,
      Status: reading.status,
      Alarm: reading.inAlarm,
      Meta: {
        Min: null,
        Max: sensor.type === 'BOOL' ? null : sensor.alarmAbove,
        NumDecimalPoints: sensor.decimals,
        State:
          sensor.type === 'BOOL'
            ? reading.value === 1
              ? SENSOR_STATE_TEXTS.contactOpen
              : SENSOR_STATE_TEXTS.contactClosed
            : null,
        Units: sensor.units,
      },
    });
  }
  const groups = [...nodes].map(([id, node]) => {
    const alarm = node.sensors.some((sensor) => sensor.Alarm);
    return { Id: id, Name: node.name, Status: alarm ? 'Alarm' : 'OK', Alarm: alarm, sensors: node.sensors };
  });
  const alarm = groups.some((group) => group.Alarm);
  const status = alarm ? 'Alarm' : 'OK';
  return {
    Id: identity.udfId,
    Name: `Graphs Bench ${identity.udfId}`,
    Status: status,
    Alarm: alarm,
    time: at.toISOString(),
    device: {
      deviceId: identity.udfId,
      deviceType: 'f500',
      deviceIpAddress: '10.20.0.10',
      accessCode: identity.code,
      protocol: '2',
      command: '17',
      length: 0,
      versionInfo: { Main: '2.8.0', Btm: '1.0.6', Gfx: '2.2.0', CDEP: '1.3' },
    },
    groups: [{ Id: 'net1', Name: 'Network 1', Status: status, Alarm: alarm, sensors: [], groups }],
    sensors: [],
  };
}
