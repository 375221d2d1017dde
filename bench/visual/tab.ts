// bench:visual's tab, made through the REST API as the editor makes it: POST api/v2/tabs/ with schema null and a
// schema name (a new schema), the machines of the binding plan in a grid, each bound to its sensors and to the
// device's running-state sensor.
import type { MachineTypeJson, TabSave } from '@vigil/contracts';
import { gridSize, layoutGrid, type PlannedMachine, planBindings } from './plan';

/** Each machine's cell on the canvas, the machines' scale in it, and the canvas zoom of the tab. */
const CELL = { width: 110, height: 110 };
const MACHINE_SCALE = 0.3;
const ZOOM = 70;

/** A machine as both pages draw it: where, how large, its points (px of the canvas) and sensors. */
export type DrawnMachine = {
  name: string;
  x: number;
  y: number;
  width: number;
  height: number;
  points: Array<{ x: number; y: number; sensor: string }>;
};

export type VisualTab = {
  siteId: number;
  schemaId: number;
  tabId: number;
  machines: DrawnMachine[];
  canvas: { width: number; height: number; zoom: number };
  stateSensor: string;
};

async function call<T>(
  baseUrl: string,
  token: string,
  method: string,
  url: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${baseUrl}${url}`, {
    method,
    headers: {
      Authorization: `JWT ${token}`,
      Accept: 'application/json',
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) {
    throw new Error(`${method} ${url} answered ${response.status}: ${text.slice(0, 400)}`);
  }
  return JSON.parse(text) as T;
}

function drawn(plan: PlannedMachine[], types: Map<number, MachineTypeJson>): DrawnMachine[] {
  const cells = layoutGrid(plan.length, Math.ceil(Math.sqrt(plan.length)), CELL);
  return plan.map((machine, at) => {
    const type = types.get(machine.typeId) as MachineTypeJson;
    const cell = cells[at] ?? { x: 0, y: 0 };
    const points = new Map(type.sensor_points_left.map((point) => [point.id, point]));
    return {
      name: machine.name,
      x: cell.x,
      y: cell.y,
      width: type.left_side_img_thumbs.large_width * MACHINE_SCALE,
      height: type.left_side_img_thumbs.large_height * MACHINE_SCALE,
      points: machine.bindings.map((binding) => {
        const point = points.get(binding.sensorPoint);
        return {
          x: cell.x + (point?.x_coord ?? 0) * MACHINE_SCALE,
          y: cell.y + (point?.y_coord ?? 0) * MACHINE_SCALE,
          sensor: binding.sensor,
        };
      }),
    };
  });
}

/** Creates the tab (a new schema on the bench's site) with `sensorIds` bound over at least `minMachines` machines. */
export async function createVisualTab(
  baseUrl: string,
  token: string,
  sensorIds: readonly string[],
  stateSensor: string,
  minMachines: number,
): Promise<VisualTab> {
  const sites = await call<{ results: Array<{ id: number }> }>(baseUrl, token, 'GET', '/api/v1/locations/');
  const siteId = sites.results[0]?.id;
  if (siteId === undefined) {
    throw new Error('the bench user has no site');
  }
  const typeList = await call<MachineTypeJson[]>(baseUrl, token, 'GET', '/api/v2/type-of-machine/');
  const types = new Map(typeList.map((type) => [type.id, type]));
  const plan = planBindings(
    sensorIds,
    typeList.map((type) => ({ id: type.id, pointIds: type.sensor_points_left.map((point) => point.id) })),
    minMachines,
  );
  const machines = drawn(plan, types);
  const size = gridSize(plan.length, Math.ceil(Math.sqrt(plan.length)), CELL);
  const save: TabSave = {
    name: 'Bench floor',
    location: siteId,
    schema: null,
    schema_name: 'Bench plant',
    ...size,
    zoom: ZOOM,
    offset_x: 0,
    offset_y: 0,
    machines: plan.map((machine, at) => ({
      frontend_id: `m${at + 1}`,
      name: machine.name,
      x_coord: machines[at]?.x ?? 0,
      y_coord: machines[at]?.y ?? 0,
      scale: MACHINE_SCALE,
      flip: false,
      type_of_machine: machine.typeId,
      sensors: machine.bindings.map((binding) => ({
        sensor_point: binding.sensorPoint,
        sensor: binding.sensor,
      })),
      system_state_sensor: stateSensor,
    })),
    connectors: [],
    shapes: [],
    text_elements: [],
  };
  const saved = await call<{ id: number; schema: number }>(baseUrl, token, 'POST', '/api/v2/tabs/', save);
  return {
    siteId,
    schemaId: saved.schema,
    tabId: saved.id,
    machines,
    canvas: { ...size, zoom: ZOOM },
    stateSensor,
  };
}
