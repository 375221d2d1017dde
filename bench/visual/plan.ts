// bench:visual's tab: which sensor goes on which point of which machine, and where each machine sits.
// Pure, so the shape the bench measures is tested (plan.test.ts) and printed, not guessed.

/** A machine type as the bench needs it: its id and its sensor points' ids (GET api/v2/type-of-machine/). */
export type MachineTypePoints = { id: number; pointIds: readonly number[] };

export type PlannedMachine = {
  name: string;
  typeId: number;
  bindings: Array<{ sensorPoint: number; sensor: string }>;
};

/**
 * Binds every sensor once, spread evenly over at least `minMachines` machines of the types with the most sensor
 * points (taken in turn). When those machines cannot hold every sensor (a type has fewer points than
 * sensors ÷ machines), it adds machines until they can: the sensor count is the load, the machine count follows.
 */
export function planBindings(
  sensorIds: readonly string[],
  types: readonly MachineTypePoints[],
  minMachines: number,
): PlannedMachine[] {
  const most = Math.max(0, ...types.map((type) => type.pointIds.length));
  if (most === 0 || minMachines < 1) {
    throw new Error('no machine type with sensor points, or no machines asked for');
  }
  const roomiest = types.filter((type) => type.pointIds.length === most);
  const machines = Math.max(minMachines, Math.ceil(sensorIds.length / most));
  const base = Math.floor(sensorIds.length / machines);
  const extra = sensorIds.length % machines;
  const planned: PlannedMachine[] = [];
  let next = 0;
  for (let at = 0; at < machines; at += 1) {
    const type = roomiest[at % roomiest.length] as MachineTypePoints;
    const count = base + (at < extra ? 1 : 0);
    const bindings = sensorIds.slice(next, next + count).map((sensor, index) => ({
      sensorPoint: type.pointIds[index] as number,
      sensor,
    }));
    next += count;
    planned.push({ name: `M${at + 1}`, typeId: type.id, bindings });
  }
  return planned;
}

export type GridCell = { x: number; y: number };

/** Top-left corners of `count` cells of `cell` px in rows of `columns`, `margin` px from the canvas's edge. */
export function layoutGrid(
  count: number,
  columns: number,
  cell: { width: number; height: number },
  margin = 10,
): GridCell[] {
  return Array.from({ length: count }, (_, at) => ({
    x: margin + (at % columns) * cell.width,
    y: margin + Math.floor(at / columns) * cell.height,
  }));
}

/** The canvas that holds the grid with its margin on every side. */
export function gridSize(
  count: number,
  columns: number,
  cell: { width: number; height: number },
  margin = 10,
): { width: number; height: number } {
  const rows = Math.ceil(count / columns);
  return { width: 2 * margin + columns * cell.width, height: 2 * margin + rows * cell.height };
}
