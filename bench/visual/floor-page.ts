// bench:visual's floor: the tab's machines drawn as plain SVG on an empty page of the same origin, fed by the same
// socket (ws/tab-devices-data/<tab>/, the bench user's token), changing the same colours and values per update.
// No framework: what drawing these machines costs this browser on this machine in this run.
import type { Browser, Page } from 'playwright-core';
import { blankPage } from '../dashboard/pages';
import type { VisualTab } from './tab';

type Drawing = {
  machines: VisualTab['machines'];
  canvas: VisualTab['canvas'];
  tabId: number;
  jwt: string;
  fills: typeof FILLS;
  stateSensor: string;
};

/** The live view's tones (live-view.module.css) and machine states, as fills. */
const FILLS = {
  ok: '#27ae60',
  warning: '#f47e21',
  alarm: '#f14d49',
  muted: '#8c8c8c',
  stopped: '#d9d9d9',
} as const;

/**
 * One `<g>` per machine: a rect filled by the machine's state (alarm, warning, running, stopped: the live view's
 * pictures), its name, and per bound sensor a circle filled by the sensor's tone and a text of its value. Each
 * frame is parsed and walked once; a fill or text changes only when it differs (as React's diff would).
 */
export async function plainSvgPage(
  browser: Browser,
  baseUrl: string,
  tab: VisualTab,
  token: string,
): Promise<Page> {
  const page = await blankPage(browser, baseUrl);
  // Sent as source text with a no-op `__name` beside it: tsx's keepNames wraps the named inner functions in
  // `__name(...)` calls that exist only in Node (pages.ts gives its probe the same).
  const drawing: Drawing = {
    machines: tab.machines,
    canvas: tab.canvas,
    tabId: tab.tabId,
    jwt: token,
    fills: FILLS,
    stateSensor: tab.stateSensor,
  };
  await page.evaluate(
    `(() => { var __name = (fn) => fn; (${drawPlainSvg.toString()})(${JSON.stringify(drawing)}); })()`,
  );
  return page;
}

/** Runs in the page: draws the machines and opens the tab's socket. Self-contained (sent as text). */
function drawPlainSvg({ machines, canvas, tabId, jwt, fills, stateSensor }: Drawing): void {
  const ns = 'http://www.w3.org/2000/svg';
  const make = (name: string, attributes: Record<string, string | number>) => {
    const element = document.createElementNS(ns, name);
    for (const [key, value] of Object.entries(attributes)) {
      element.setAttribute(key, String(value));
    }
    return element;
  };
  document.body.style.cssText = 'margin:0;font:12px sans-serif';
  const scale = canvas.zoom / 100;
  const svg = make('svg', {
    width: canvas.width * scale,
    height: canvas.height * scale,
    viewBox: `0 0 ${canvas.width} ${canvas.height}`,
  });
  type Point = { circle: Element; text: Text; fill: string; value: string };
  type Sensor = {
    Type?: string;
    Value?: unknown;
    Status?: string;
    Alarm?: boolean;
    Meta?: { State?: unknown };
  };
  const points = new Map<string, Point & { machine: number }>();
  const boxes: Array<{ rect: Element; fill: string }> = [];
  machines.forEach((machine, at) => {
    const group = make('g', {});
    const rect = make('rect', {
      x: machine.x,
      y: machine.y,
      width: machine.width,
      height: machine.height,
    });
    rect.setAttribute('fill', fills.stopped);
    const name = make('text', { x: machine.x, y: machine.y + machine.height + 12 });
    name.textContent = machine.name;
    group.append(rect, name);
    boxes.push({ rect, fill: fills.stopped });
    for (const point of machine.points) {
      const circle = make('circle', { cx: point.x, cy: point.y, r: 7, fill: '#fff', stroke: '#2f3b4c' });
      const label = make('text', { x: point.x + 9, y: point.y + 4, 'font-size': 9 });
      const text = label.appendChild(document.createTextNode(''));
      group.append(circle, label);
      points.set(point.sensor, { circle, text, fill: '#fff', value: '', machine: at });
    }
    svg.append(group);
  });
  document.body.append(svg);
  const toneOf = (sensor: Sensor) =>
    sensor.Alarm || sensor.Status === 'Alarm'
      ? 'alarm'
      : sensor.Status === 'WARNING'
        ? 'warning'
        : sensor.Status === 'OK'
          ? 'ok'
          : 'muted';
  const onTree = (tree: { device: { deviceId: string }; sensors: Sensor[]; groups: unknown[] }) => {
    const worst = new Array<number>(machines.length).fill(0);
    let isRunning = false;
    const visit = (sensors: Array<Sensor & { Id: unknown }>, prefix: string) => {
      for (const sensor of sensors) {
        const id = `${prefix}.${sensor.Id}`;
        if (id === stateSensor) {
          isRunning = String(sensor.Meta?.State ?? '')
            .toLowerCase()
            .startsWith('running');
        }
        const point = points.get(id);
        if (point === undefined) {
          continue;
        }
        const tone = toneOf(sensor);
        const level = tone === 'alarm' ? 2 : tone === 'warning' ? 1 : 0;
        worst[point.machine] = Math.max(worst[point.machine] ?? 0, level);
        const fill = fills[tone];
        if (fill !== point.fill) {
          point.circle.setAttribute('fill', fill);
          point.fill = fill;
        }
        const value = typeof sensor.Value === 'number' ? sensor.Value.toFixed(1) : String(sensor.Value);
        if (value !== point.value) {
          point.text.data = value;
          point.value = value;
        }
      }
    };
    type Group = { Id: unknown; sensors: Array<Sensor & { Id: unknown }>; groups?: Group[] };
    const walk = (groups: Group[], prefix: string) => {
      for (const group of groups) {
        visit(group.sensors, `${prefix}.${group.Id}`);
        walk(group.groups ?? [], `${prefix}.${group.Id}`);
      }
    };
    visit(tree.sensors as Array<Sensor & { Id: unknown }>, tree.device.deviceId);
    walk(tree.groups as Group[], tree.device.deviceId);
    boxes.forEach((box, at) => {
      const level = worst[at] ?? 0;
      const fill =
        level === 2 ? fills.alarm : level === 1 ? fills.warning : isRunning ? fills.ok : fills.stopped;
      if (fill !== box.fill) {
        box.rect.setAttribute('fill', fill);
        box.fill = fill;
      }
    });
  };
  const socket = new WebSocket(`${location.origin.replace(/^http/, 'ws')}/ws/tab-devices-data/${tabId}/`);
  socket.addEventListener('open', () => socket.send(JSON.stringify({ cmd: 'auth', token: jwt })));
  socket.addEventListener('message', (event) => {
    const tree = JSON.parse(String(event.data));
    if (tree?.device?.deviceId !== undefined) {
      onTree(tree);
    }
  });
}
