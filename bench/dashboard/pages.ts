// The pages bench:dashboard measures: the dashboard (signed in) and three baselines of the same origin on the
// same feed: a page that parses each frame on its main thread, the dashboard's own feed worker with nothing
// drawn, and that worker's readings written into plain cards (the floor of drawing them).
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { installDashboardProbe } from './probe';

const WAIT_CEILING_MS = 120_000;
/**
 * The probe's source for the page. tsx compiles with esbuild's keepNames, which wraps named inner functions in
 * `__name(...)` calls that exist only in Node: the page gets a no-op `__name` first.
 */
const PROBE_SCRIPT = `var __name = (fn) => fn;\n(${installDashboardProbe.toString()})();`;

/** A new page of its own context (1440 × 900) with the probe installed before any script of the page. */
async function probedPage(browser: Browser, baseUrl: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, baseURL: baseUrl });
  context.setDefaultTimeout(WAIT_CEILING_MS);
  await context.addInitScript({ content: PROBE_SCRIPT });
  return context.newPage();
}

export async function signedInPage(
  browser: Browser,
  baseUrl: string,
  user: { email: string; password: string },
): Promise<Page> {
  const page = await probedPage(browser, baseUrl);
  await page.goto('/');
  const login = page.getByPlaceholder('Email Or Username');
  if (!(await login.isVisible())) {
    await page.getByRole('tab', { name: /login/i }).click();
  }
  await login.fill(user.email);
  await page.getByPlaceholder('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: /^login$/i }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login') && url.pathname !== '/', {
    timeout: WAIT_CEILING_MS,
  });
  return page;
}

/** An empty page of the server's origin (its /healthz) with the probe installed: a baseline draws on it. */
export async function blankPage(browser: Browser, baseUrl: string): Promise<Page> {
  const page = await probedPage(browser, baseUrl);
  await page.goto('/healthz');
  return page;
}

/** The same feed on an empty page of the same origin: a listener that parses each frame, nothing drawn. */
export async function parsingPage(
  browser: Browser,
  baseUrl: string,
  udfId: string,
  token: string,
): Promise<Page> {
  const page = await blankPage(browser, baseUrl);
  await page.evaluate(
    ({ udf, jwt }) => {
      const url = `${location.origin.replace(/^http/, 'ws')}/ws/device-data/${udf}/`;
      const socket = new WebSocket(url);
      socket.addEventListener('open', () => socket.send(JSON.stringify({ cmd: 'auth', token: jwt })));
      socket.addEventListener('message', (event) => {
        JSON.parse(String(event.data));
      });
    },
    { udf: udfId, jwt: token },
  );
  return page;
}

/** The built feed worker's URL path (`/assets/feed.worker-<hash>.js`), as the dashboard loads it. */
export function feedWorkerPath(webDist: string): string {
  const name = fs
    .readdirSync(path.join(webDist, 'assets'))
    .find((file) => /^feed\.worker-.*\.js$/.test(file));
  if (name === undefined) {
    throw new Error(`no feed.worker-*.js in ${webDist}/assets: build the web app first`);
  }
  return `/assets/${name}`;
}

/**
 * The dashboard's feed worker (the same built script: socket, parse and diff) on an empty page of the same
 * origin. With `cards` 0 its `changes` messages are received and dropped: what the dashboard's main thread pays
 * before drawing. Otherwise its numbers are written into that many plain cards (the dashboard's card size, the
 * reading's box a fixed-size `contain: strict` box, one Text node changed through `.data`), with no framework and
 * nothing else on the page: the least a page that draws these readings can pay on this machine in this run.
 */
export async function workerFeedPage(
  browser: Browser,
  baseUrl: string,
  workerPath: string,
  udfId: string,
  token: string,
  cards = 0,
): Promise<Page> {
  const page = await blankPage(browser, baseUrl);
  await page.evaluate(
    ({ script, udf, jwt, count }) => {
      const texts: Text[] = [];
      if (count > 0) {
        document.body.style.cssText =
          'margin:0;display:flex;flex-wrap:wrap;gap:10px;padding:10px;font:13px sans-serif;align-content:flex-start';
      }
      for (let at = 0; at < count; at += 1) {
        const card = document.createElement('button');
        card.style.cssText =
          'all:unset;box-sizing:border-box;display:block;width:200px;height:88px;padding:10px;border:1px solid #e5e7eb;border-left:5px solid #27ae60;border-radius:6px;contain:layout style';
        const name = document.createElement('span');
        name.style.display = 'block';
        name.textContent = `Sensor ${at + 1}`;
        const box = document.createElement('span');
        box.style.cssText =
          'display:block;height:24px;font-size:18px;font-weight:600;line-height:24px;contain:strict;white-space:nowrap;overflow:hidden';
        texts.push(box.appendChild(document.createTextNode('')));
        card.append(name, box);
        document.body.append(card);
      }
      const worker = new Worker(script, { type: 'module', name: 'device-feed' });
      worker.addEventListener('message', ({ data }) => {
        if (count === 0 || data?.type !== 'changes') {
          return;
        }
        const { valueIndexes, values } = data.changes as { valueIndexes: Uint32Array; values: Float64Array };
        for (let at = 0; at < valueIndexes.length; at += 1) {
          const text = texts[valueIndexes[at] ?? count];
          if (text !== undefined) {
            text.data = (values[at] ?? 0).toFixed(1);
          }
        }
      });
      const url = `${location.origin.replace(/^http/, 'ws')}/ws/device-data/${udf}/`;
      worker.postMessage({ type: 'open', url, token: jwt });
      (window as unknown as { __feedWorker: Worker }).__feedWorker = worker;
    },
    { script: workerPath, udf: udfId, jwt: token, count: cards },
  );
  return page;
}
