import { type NotificationPush, SOUNDING_TYPES } from '@vigil/contracts';
import type { KeyValueStore } from '../auth/session-storage';
import { readRememberedFlag, writeRememberedFlag } from './remembered-flag';

/** The mute switch beside the bell, remembered in the browser (survives sign-out, like the timescale). */
export const ALARM_MUTED_KEY = 'vigil.alarm-muted';

export const readMuted = (store?: KeyValueStore): boolean => readRememberedFlag(ALARM_MUTED_KEY, store);

export const writeMuted = (isMuted: boolean, store?: KeyValueStore): void =>
  writeRememberedFlag(ALARM_MUTED_KEY, isMuted, store);

/** M section 2: the sound plays when a push brings a warning or an alarm (alarm_on, warning_on). */
export function shouldSound(push: NotificationPush, isMuted: boolean): boolean {
  return !isMuted && push.notifications.some((item) => SOUNDING_TYPES.has(item.type));
}

type AudioContextClass = typeof AudioContext;

let context: AudioContext | null = null;

function audioContext(): AudioContext | null {
  const AudioClass: AudioContextClass | undefined =
    globalThis.AudioContext ??
    (globalThis as unknown as { webkitAudioContext?: AudioContextClass }).webkitAudioContext;
  if (AudioClass === undefined) {
    return null;
  }
  context ??= new AudioClass();
  return context;
}

/** Three short two-tone beeps, made with the Web Audio API (no audio file). */
function beep(audio: AudioContext): void {
  const start = audio.currentTime;
  for (let index = 0; index < 3; index += 1) {
    const at = start + index * 0.3;
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.type = 'square';
    oscillator.frequency.setValueAtTime(880, at);
    oscillator.frequency.setValueAtTime(660, at + 0.1);
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.15, at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.2);
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start(at);
    oscillator.stop(at + 0.22);
  }
}

/**
 * Plays the alarm. A browser that blocks sound until the person interacts keeps the context suspended:
 * then nothing plays and nothing is thrown (the toast still shows).
 */
export function playAlarm(): boolean {
  try {
    const audio = audioContext();
    if (audio === null) {
      return false;
    }
    if (audio.state !== 'running') {
      // Not awaited: without a gesture the promise may wait for one, and a late beep would mislead.
      void audio.resume().catch(() => undefined);
      return false;
    }
    beep(audio);
    return true;
  } catch {
    return false;
  }
}

/** A click anywhere unlocks sound for the session in browsers with an autoplay policy. */
export function unlockAlarmSoundOnInteraction(): () => void {
  const unlock = () => {
    try {
      void audioContext()
        ?.resume()
        .catch(() => undefined);
    } catch {
      // No audio in this browser.
    }
  };
  window.addEventListener('pointerdown', unlock, { once: true });
  window.addEventListener('keydown', unlock, { once: true });
  return () => {
    window.removeEventListener('pointerdown', unlock);
    window.removeEventListener('keydown', unlock);
  };
}
