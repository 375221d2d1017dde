/**
 * Templates (issue 25 'Beyond the spec'; docs/visual-dashboard.md 'Web: templates'): proposes, for each sensor
 * point of a machine type, a sensor of one device by the words of the point's label against the sensor's name
 * and group name. A person confirms or changes each proposal; nothing here binds anything.
 *
 * What a point measures (its kind) is read from the last kind word of its label ('Head Pulley Alignment' →
 * alignment); a sensor's kind from the last kind word of its name, else of its group ('Head Left Bearing' in
 * 'Temperature' → temperature). Only a sensor of the point's kind is proposed, so a pulley's 'Head Pulley' reading
 * (no kind word) never lands on 'Head Pulley Alignment'. A sensor at the opposite end (head vs tail or boot, high
 * vs low) is never proposed; the same end scores, and so does every other shared word ('bearing', 'shaft').
 *
 * The machine's running-state sensor ('Select state sensor') is proposed too, from the sensors the server marks
 * `is_state_sensor` (contracts' `isRunningStateSensor`: an ENUM that says Running or Stopped), never by name.
 */

export type PointKind = 'alignment' | 'speed' | 'temperature' | 'plug' | 'level' | 'vibration' | 'flame';

/** The words that say a kind; 'bearing' and 'ntc' are temperature probes, a 'pulse' input counts shaft turns. */
const KIND_WORDS: Record<string, PointKind> = {
  alignment: 'alignment',
  align: 'alignment',
  misalignment: 'alignment',
  rub: 'alignment',
  speed: 'speed',
  rpm: 'speed',
  pulse: 'speed',
  motion: 'speed',
  temperature: 'temperature',
  temp: 'temperature',
  tmp: 'temperature',
  bearing: 'temperature',
  ntc: 'temperature',
  plug: 'plug',
  choke: 'plug',
  level: 'level',
  vibration: 'vibration',
  vib: 'vibration',
  flame: 'flame',
};

/** Words of an end of a machine, with the end they name ('boot' is an elevator's tail). */
const END_WORDS: Record<string, string> = {
  head: 'head',
  tail: 'tail',
  boot: 'tail',
  high: 'high',
  low: 'low',
};
const OPPOSITE_END: Record<string, string> = { head: 'tail', tail: 'head', high: 'low', low: 'high' };

/** Words that only say the kind: sharing them adds nothing to the kind match itself. */
const KIND_NAMES = new Set([
  'alignment',
  'speed',
  'temperature',
  'temp',
  'tmp',
  'plug',
  'level',
  'vibration',
  'flame',
]);

const SCORE = { kind: 10, sameWord: 3, sameEnd: 2, otherWord: 2 } as const;

export type TemplatePoint = { id: number; label: string };
export type TemplateSensor = { id: string; name: string; group_name: string };
/** A point's proposal: a sensor's full id, or null when no sensor of the device fits. */
export type Proposal = { point: number; sensorId: string | null };

export function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '' && !/^\d+$/.test(word));
}

function lastKind(words: readonly string[]): PointKind | null {
  for (let index = words.length - 1; index >= 0; index -= 1) {
    const kind = KIND_WORDS[words[index] ?? ''];
    if (kind !== undefined) {
      return kind;
    }
  }
  return null;
}

/** What a point measures, from its label; null when the label has no kind word. */
export function pointKind(label: string): PointKind | null {
  return lastKind(wordsOf(label));
}

/** What a sensor measures: its name's kind word first, else its group's. */
export function sensorKind(sensor: TemplateSensor): PointKind | null {
  return lastKind(wordsOf(sensor.name)) ?? lastKind(wordsOf(sensor.group_name));
}

const endsOf = (words: readonly string[]) =>
  new Set(words.flatMap((word) => (END_WORDS[word] === undefined ? [] : [END_WORDS[word]])));

/** How well a sensor fits a point: null when it does not fit at all (another kind, the opposite end). */
export function matchScore(point: TemplatePoint, sensor: TemplateSensor): number | null {
  const kind = pointKind(point.label);
  if (kind === null || sensorKind(sensor) !== kind) {
    return null;
  }
  const pointWords = wordsOf(point.label);
  const sensorWords = new Set([...wordsOf(sensor.name), ...wordsOf(sensor.group_name)]);
  const pointEnds = endsOf(pointWords);
  const sensorEnds = endsOf([...sensorWords]);
  for (const end of pointEnds) {
    const opposite = OPPOSITE_END[end];
    if (!sensorEnds.has(end) && opposite !== undefined && sensorEnds.has(opposite)) {
      return null;
    }
  }
  let score = SCORE.kind;
  for (const word of new Set(pointWords)) {
    const end = END_WORDS[word];
    if (sensorWords.has(word)) {
      score += end === undefined ? (KIND_NAMES.has(word) ? 0 : SCORE.otherWord) : SCORE.sameWord;
    } else if (end !== undefined && sensorEnds.has(end)) {
      score += SCORE.sameEnd;
    }
  }
  return score;
}

/**
 * The proposal for each point, in the points' order: the best-scoring pairs first (ties go to the earlier point,
 * then to the sensor earlier in the device's tree), never one sensor twice, no sensor in `unavailable` (bound
 * elsewhere in the schema), and null where nothing fits.
 */
export function proposeBindings(
  points: readonly TemplatePoint[],
  sensors: readonly TemplateSensor[],
  unavailable: ReadonlySet<string> = new Set(),
): Proposal[] {
  const pairs: Array<{ pointIndex: number; sensorIndex: number; score: number }> = [];
  points.forEach((point, pointIndex) => {
    sensors.forEach((sensor, sensorIndex) => {
      const score = unavailable.has(sensor.id) ? null : matchScore(point, sensor);
      if (score !== null) {
        pairs.push({ pointIndex, sensorIndex, score });
      }
    });
  });
  pairs.sort((a, b) => b.score - a.score || a.pointIndex - b.pointIndex || a.sensorIndex - b.sensorIndex);
  const chosen = new Map<number, string>();
  const used = new Set<string>();
  for (const pair of pairs) {
    const sensorId = sensors[pair.sensorIndex]?.id;
    if (sensorId === undefined || chosen.has(pair.pointIndex) || used.has(sensorId)) {
      continue;
    }
    chosen.set(pair.pointIndex, sensorId);
    used.add(sensorId);
  }
  return points.map((point, index) => ({ point: point.id, sensorId: chosen.get(index) ?? null }));
}

/** A sensor as the state-sensor proposal reads it: search-sensor/'s typed mark and the words of its names. */
export type StateSensorCandidate = TemplateSensor & { is_state_sensor: boolean };

/**
 * The running-state sensor proposed for a machine: one of the device's sensors that say Running or Stopped
 * (`is_state_sensor`), the one sharing most words with the machine's type and name ('Elevator State' for a Bucket
 * Elevator), ties to the earlier in the device's tree (a unit's System group comes first); null when the device
 * has none. Nothing is excluded: a state sensor is not a binding of a sensor point, so one unit's state may run
 * several machines (the server's one-machine-per-sensor rule is about sensor points, as the picker's).
 */
export function proposeStateSensor(machine: string, sensors: readonly StateSensorCandidate[]): string | null {
  const machineWords = new Set(wordsOf(machine));
  let best: { id: string; score: number } | null = null;
  for (const sensor of sensors) {
    if (!sensor.is_state_sensor) {
      continue;
    }
    const words = new Set([...wordsOf(sensor.name), ...wordsOf(sensor.group_name)]);
    const score = [...words].filter((word) => machineWords.has(word)).length;
    if (best === null || score > best.score) {
      best = { id: sensor.id, score };
    }
  }
  return best?.id ?? null;
}
