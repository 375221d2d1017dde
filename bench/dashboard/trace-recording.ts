// --trace FILE of bench:dashboard: a Chrome trace of one measured window, saved for DevTools' Performance panel,
// and where the renderer's main-thread time went per update.
import fs from 'node:fs';
import type { CDPSession } from 'playwright-core';
import { summariseTrace, type TraceEvent } from './trace-summary';

const TRACE_CATEGORIES = ['devtools.timeline', 'toplevel', 'v8.execute', 'blink.user_timing'];

export async function startTrace(cdp: CDPSession): Promise<() => Promise<TraceEvent[]>> {
  await cdp.send('Tracing.start', {
    transferMode: 'ReturnAsStream',
    traceConfig: { includedCategories: TRACE_CATEGORIES },
  });
  return async () => {
    const complete = new Promise<string>((resolve) =>
      cdp.once('Tracing.tracingComplete', (event) => resolve(event.stream ?? '')),
    );
    await cdp.send('Tracing.end');
    const handle = await complete;
    let text = '';
    for (;;) {
      const chunk = await cdp.send('IO.read', { handle });
      text += chunk.base64Encoded ? Buffer.from(chunk.data, 'base64').toString('utf8') : chunk.data;
      if (chunk.eof) {
        break;
      }
    }
    await cdp.send('IO.close', { handle });
    const parsed = JSON.parse(text) as TraceEvent[] | { traceEvents: TraceEvent[] };
    return Array.isArray(parsed) ? parsed : parsed.traceEvents;
  };
}

/** Writes the trace for Chrome DevTools' Performance panel and prints where the main thread's time went. */
export function reportTrace(traceFile: string, events: TraceEvent[], updates: number): void {
  fs.writeFileSync(traceFile, JSON.stringify({ traceEvents: events }));
  const summary = summariseTrace(events, updates);
  console.log(
    `  trace ${traceFile}: renderer main-thread tasks per update ${summary.taskMsPerUpdate} ms, CPU ${summary.taskCpuMsPerUpdate} ms`,
  );
  for (const [name, ms] of summary.selfMsPerUpdate.slice(0, 20)) {
    console.log(`    ${name.padEnd(56)} ${ms.toFixed(2).padStart(6)} ms CPU (self)`);
  }
}
