import { displaySensor, type Sensor, type SensorDisplaySettings } from '@vigil/contracts';
import {
  displayValueOf,
  STALE_STATE_TEXT,
  type StatusTone,
  stateTextOf,
  statusToneOf,
} from './dashboard-rules';

/** The texts and colour of a card's reading, written into the card without a React render. */
export type CardView = {
  value: string;
  unit: string;
  state: string;
  tone: StatusTone;
  isNumeric: boolean;
  /** The thumbnail's letters when no image is chosen: the unit, '#' or 'I/O'. */
  badge: string;
};

/**
 * A reading under the device's display settings (custom type, k and c, degrees), as a card shows it. A stale
 * reading (the device is offline) keeps its last value, greyed, with no status.
 */
export function cardViewOf(
  fullId: string,
  reading: Sensor,
  settings: SensorDisplaySettings | null | undefined,
  isStale = false,
): CardView {
  const shown = displaySensor(fullId, reading, settings);
  const { value, unit } = displayValueOf({
    Type: shown.type,
    Value: shown.value,
    Meta: { ...reading.Meta, Units: shown.unit },
  });
  const isNumeric = shown.type === 'NUMERIC';
  return {
    value,
    unit,
    state: isStale ? STALE_STATE_TEXT : stateTextOf(reading),
    tone: isStale ? 'stale' : statusToneOf(reading),
    isNumeric,
    badge: isNumeric ? unit.slice(0, 3) || '#' : 'I/O',
  };
}
