import type { KeyValueStore } from '../auth/session-storage';

/**
 * A yes/no choice beside the bell (alarm sound muted, other sites silenced), kept in this browser: it survives
 * sign-out, like the timescale. Storage that refuses (private mode, quota) reads as no, and the switch still holds
 * for the page.
 */
export function readRememberedFlag(key: string, store?: KeyValueStore): boolean {
  try {
    return (store ?? globalThis.localStorage)?.getItem(key) === 'true';
  } catch {
    return false;
  }
}

export function writeRememberedFlag(key: string, value: boolean, store?: KeyValueStore): void {
  try {
    (store ?? globalThis.localStorage)?.setItem(key, String(value));
  } catch {
    // Storage refused: the page keeps the choice in its state.
  }
}
