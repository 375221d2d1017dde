import { type TabSave, TabSaveSchema } from '@vigil/contracts';
import type { Database } from '../db/database';
import type { UserRow } from '../db/tables/users.table';
import { createDomainEvents } from '../events/domain-events';
import { SchemasService } from '../modules/visual-dashboard/schemas.service';
import { TabSaveService } from '../modules/visual-dashboard/tab-save.service';

/**
 * The demo's published visual-dashboard schema (docs/visual-dashboard.md 'The demo plant'): the Main Elevator's
 * plant on two tabs, machines of the catalog bound to the real sensors of the site's two demo devices, so that a
 * new user sees a live diagram at once. Saved through the domain's own tab save and publish.
 */

export const DEMO_PLANT_NAME = 'Plant overview';
/** The site the plant is drawn for (demo-data.ts), and its devices (demo-devices.ts). */
export const DEMO_PLANT_SITE = 'main';
const LEG_UNIT = 'F5000001';
const DRYER_UNIT = 'F5U00001';

type DemoMachine = {
  key: string;
  name: string;
  /** A machine type of machine-type-catalog.ts. */
  type: number;
  x: number;
  y: number;
  /** Sensor point → full sensor id. */
  sensors: Record<number, string>;
  /** The running-state sensor: the unit's System 'Status' (Running, Stopped, Fault). */
  state?: string;
};
type DemoConnector = { from: [string, number]; to: [string, number]; bends: Array<[number, number]> };
type DemoTab = {
  name: string;
  machines: DemoMachine[];
  connectors: DemoConnector[];
  labels: Array<[string, number, number]>;
};

/** The four nodes of the leg's F500 (network 1): 1 bearing temperature, 2 alignment, 3 shaft speed, 4 auxiliary. */
const leg = (node: number, sensor: number) => `${LEG_UNIT}.net1.n0${node}.${sensor}`;
const dryer = (network: number, node: number, sensor: number) =>
  `${DRYER_UNIT}.net${network}.n0${node}.${sensor}`;

export const DEMO_PLANT_TABS: DemoTab[] = [
  {
    name: 'Receiving',
    machines: [
      { key: 'pit', name: 'Receiving Pit', type: 5, x: 80, y: 110, sensors: {} },
      {
        key: 'belt',
        name: 'Receiving Conveyor',
        type: 2,
        x: 300,
        y: 440,
        sensors: {
          201: leg(3, 2),
          202: leg(4, 2),
          203: leg(4, 3),
          204: leg(3, 1),
          205: leg(4, 1),
          206: leg(3, 4),
        },
        state: `${LEG_UNIT}.system.2`,
      },
      {
        key: 'leg',
        name: 'Leg 1',
        type: 1,
        x: 760,
        y: 250,
        sensors: {
          101: leg(1, 2),
          102: leg(1, 1),
          103: leg(2, 2),
          104: leg(2, 1),
          105: leg(2, 3),
          106: leg(1, 4),
        },
        state: `${LEG_UNIT}.system.2`,
      },
      { key: 'bin', name: 'Storage Bin 1', type: 5, x: 1140, y: 160, sensors: {} },
    ],
    connectors: [
      // Pit outlet (160, 380) down to the conveyor's tail inlet (350, 444).
      {
        from: ['pit', 552],
        to: ['belt', 251],
        bends: [
          [160, 412],
          [350, 412],
        ],
      },
      // Conveyor head (604, 554) to the leg's boot inlet (774, 474).
      {
        from: ['belt', 252],
        to: ['leg', 151],
        bends: [
          [690, 554],
          [690, 474],
        ],
      },
      // Leg head (905, 360) over to the bin's inlet (1220, 162).
      {
        from: ['leg', 152],
        to: ['bin', 551],
        bends: [
          [1000, 360],
          [1000, 100],
          [1220, 100],
        ],
      },
    ],
    labels: [
      ['Truck dump', 110, 70],
      ['Main Elevator: receiving', 560, 40],
    ],
  },
  {
    name: 'Drying',
    machines: [
      {
        key: 'drag',
        name: 'Dryer Feed Drag',
        type: 4,
        x: 80,
        y: 140,
        sensors: { 401: dryer(1, 1, 3), 402: dryer(1, 1, 1), 403: dryer(1, 2, 1), 404: dryer(1, 2, 4) },
        state: `${DRYER_UNIT}.system.2`,
      },
      {
        key: 'dryer',
        name: 'Grain Dryer',
        type: 8,
        x: 600,
        y: 180,
        sensors: { 802: dryer(2, 1, 1), 803: dryer(2, 1, 4), 804: dryer(2, 2, 1), 805: dryer(2, 3, 1) },
        state: `${DRYER_UNIT}.system.2`,
      },
      {
        key: 'fan',
        name: 'Dryer Fan',
        type: 6,
        x: 280,
        y: 420,
        sensors: { 601: dryer(1, 3, 1), 602: dryer(1, 3, 3) },
      },
      { key: 'out', name: 'Dry Grain Belt', type: 2, x: 960, y: 540, sensors: {} },
    ],
    connectors: [
      // Drag discharge (327, 254) up and over to the dryer's wet grain inlet (700, 182).
      {
        from: ['drag', 452],
        to: ['dryer', 851],
        bends: [
          [460, 254],
          [460, 120],
          [700, 120],
        ],
      },
      // Dryer outlet (700, 488) to the belt's tail inlet (1010, 544).
      {
        from: ['dryer', 852],
        to: ['out', 251],
        bends: [
          [700, 520],
          [1010, 520],
        ],
      },
    ],
    labels: [
      ['Dryer house', 620, 40],
      ['To storage', 1180, 500],
    ],
  },
];

/** One tab of the plant as the editor would save it (TabSaveSchema), in `schema` or in a new schema. */
export function demoTabSave(tab: DemoTab, location: number, schema: number | null): TabSave {
  return TabSaveSchema.parse({
    name: tab.name,
    location,
    schema,
    schema_name: schema === null ? DEMO_PLANT_NAME : null,
    height: 700,
    width: 1400,
    zoom: 100,
    offset_x: 0,
    offset_y: 0,
    machines: tab.machines.map((machine) => ({
      frontend_id: machine.key,
      name: machine.name,
      x_coord: machine.x,
      y_coord: machine.y,
      scale: 1,
      flip: false,
      type_of_machine: machine.type,
      sensors: Object.entries(machine.sensors).map(([point, sensor]) => ({
        sensor_point: Number(point),
        sensor,
      })),
      system_state_sensor: machine.state ?? null,
    })),
    connectors: tab.connectors.map((connector) => ({
      start_m_fe_id: connector.from[0],
      start_anchor_point: connector.from[1],
      end_m_fe_id: connector.to[0],
      end_anchor_point: connector.to[1],
      additional_points: connector.bends.map(([x_coord, y_coord]) => ({ x_coord, y_coord })),
    })),
    shapes: [],
    text_elements: tab.labels.map(([value, offsetLeft, offsetTop]) => ({
      value,
      fontSize: 16,
      offsetLeft,
      offsetTop,
    })),
  });
}

/**
 * Saves the plant's tabs at the site as `author` (a super user of the demo) and publishes the schema; answers its
 * id. Runs inside the demo's seed transaction (the services' own transactions become savepoints).
 */
export async function seedDemoPlant(db: Database, author: UserRow, locationId: number): Promise<number> {
  const saves = new TabSaveService({ db });
  let schema: number | null = null;
  for (const tab of DEMO_PLANT_TABS) {
    schema = (await saves.create(author, demoTabSave(tab, locationId, schema))).schema;
  }
  if (schema === null) {
    throw new Error('the demo plant has no tab');
  }
  // The seed is no person's change: its events have no audit subscriber.
  const events = createDomainEvents();
  await new SchemasService({ db, events }).publish(author, schema, 'The plant as installed (demo).');
  return schema;
}
