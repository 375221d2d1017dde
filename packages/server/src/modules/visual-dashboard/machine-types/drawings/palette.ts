/**
 * The colours a machine drawing is painted with, one set per display state. A drawing never names a colour
 * itself: it asks the palette for a role (outline, body, accent...), so the four states of every type differ in
 * the same way and a new type needs no colour decisions.
 *
 * Why these colours: the outline #2f3b4c is the one of the sensor pictures (assets/sensor-images), so machines
 * and sensors look like one set; the accents are the notification colours of wire-formats (alarm #F14D49,
 * warning #F47E21, running green #27AE60), so a red machine means what a red notification means. Stopped is
 * grey throughout, material included: nothing moves, nothing is wrong. Warning and alarm tint the whole body
 * and colour the outline as well as the accents, so the state reads at a glance at 64 px; the parts keep their
 * shapes and the detail lines stay dark, so the machine stays recognisable.
 */
export type MachineState = 'running' | 'stopped' | 'warning' | 'alarm';

export const MACHINE_STATES: readonly MachineState[] = ['running', 'stopped', 'warning', 'alarm'];

export interface Palette {
  /** Casing and frame outlines. */
  outline: string;
  /** Main body fill (casings, housings). */
  body: string;
  /** Second fill for parts that must stand out from the body: pulleys, bearings, legs, hoppers. */
  part: string;
  /** Inner lines: buckets, flights, fins, perforations. */
  detail: string;
  /** The state colour: drive motors, burner, status band. */
  accent: string;
  /** A light shade of the accent for large accented areas. */
  accentLight: string;
  /** Grain or meal being carried. */
  material: string;
}

export const PALETTES: Readonly<Record<MachineState, Palette>> = {
  running: {
    outline: '#2f3b4c',
    body: '#f4f7fb',
    part: '#d5dde8',
    detail: '#4f5d70',
    accent: '#27ae60',
    accentLight: '#c8efd7',
    material: '#e2b659',
  },
  stopped: {
    outline: '#8a929e',
    body: '#f2f3f5',
    part: '#dcdfe4',
    detail: '#9aa1ab',
    accent: '#a7adb6',
    accentLight: '#e6e8eb',
    material: '#cfd2d7',
  },
  warning: {
    outline: '#c25a0c',
    body: '#fff1e3',
    part: '#fbd3ab',
    detail: '#5a3a1e',
    accent: '#f47e21',
    accentLight: '#fcd2b0',
    material: '#e2b659',
  },
  alarm: {
    outline: '#c62828',
    body: '#fde8e7',
    part: '#f8c1bf',
    detail: '#5e1f1c',
    accent: '#f14d49',
    accentLight: '#f9c3c1',
    material: '#e2b659',
  },
};
