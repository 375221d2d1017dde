/**
 * Order of sensor groups on the dashboard and the graphs (M section 9 'Sensor groups order'). Groups are
 * matched by name, or by the group Ids the devices use for them (M section 9's sensor-type filter list);
 * groups of no known kind follow in tree order.
 */
export const SENSOR_GROUP_ORDER = [
  'System',
  'Speed',
  'Alignment:Head',
  'Alignment:Tail',
  'Temperature',
  'Plug',
  'Pulley',
  'Expansion Card 1',
  'Expansion Card 2',
  'NTC',
  'Pulse',
  'CLI',
  'Analog',
  'Digital',
] as const;

/** Group Ids of the sensor-type filter list (M section 9) and the ordered name each stands for. */
const GROUP_ID_NAMES: Record<string, (typeof SENSOR_GROUP_ORDER)[number]> = {
  system: 'System',
  speed: 'Speed',
  head: 'Alignment:Head',
  tail: 'Alignment:Tail',
  tmp: 'Temperature',
  plug: 'Plug',
  pull: 'Pulley',
  exp1: 'Expansion Card 1',
  exp2: 'Expansion Card 2',
  ntc: 'NTC',
  pulse: 'Pulse',
  cli: 'CLI',
  analog: 'Analog',
  digital: 'Digital',
};

const RANK_BY_NAME = new Map<string, number>(
  SENSOR_GROUP_ORDER.map((name, index) => [name.toLowerCase(), index]),
);

export type OrderedGroup = { Id: string | number; Name: string };

/** The group's place in SENSOR_GROUP_ORDER, or -1 when it is of no known kind. */
export function rankSensorGroup(group: OrderedGroup): number {
  const byName = RANK_BY_NAME.get(group.Name.trim().toLowerCase());
  if (byName !== undefined) {
    return byName;
  }
  const named = GROUP_ID_NAMES[String(group.Id).trim().toLowerCase()];
  return named === undefined ? -1 : (RANK_BY_NAME.get(named.toLowerCase()) ?? -1);
}

/** The groups in M section 9's order; unknown groups after them, in tree order. Does not change the input. */
export function sortSensorGroups<T extends OrderedGroup>(groups: readonly T[]): T[] {
  const ranked = groups.map((group, index) => {
    const rank = rankSensorGroup(group);
    return { group, index, rank: rank === -1 ? SENSOR_GROUP_ORDER.length : rank };
  });
  ranked.sort((a, b) => a.rank - b.rank || a.index - b.index);
  return ranked.map(({ group }) => group);
}
