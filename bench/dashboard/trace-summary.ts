/** One Chrome trace event (the JSON trace format); only complete ('X') events and thread names are read. */
export type TraceEvent = {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  /** Thread (CPU) time of the event, where the trace records it. */
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { type?: string } };
};

export type TraceSummary = {
  /** Main-thread time of the renderer's top-level tasks, in ms per update. */
  taskMsPerUpdate: number;
  /**
   * The same tasks' thread CPU time (`tdur`) per update: on a busy machine wall time also holds the time the
   * thread waited for a core, CPU time does not.
   */
  taskCpuMsPerUpdate: number;
  /** Self CPU time (not spent in a nested event) by event name, in ms per update, largest first. */
  selfMsPerUpdate: Array<[name: string, ms: number]>;
};

/** The renderer main threads of a trace (`CrRendererMain`), as `pid:tid`. */
function rendererMainThreads(events: readonly TraceEvent[]): Set<string> {
  const threads = new Set<string>();
  for (const event of events) {
    if (event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain') {
      threads.add(`${event.pid}:${event.tid}`);
    }
  }
  return threads;
}

/** An event's label: timer, event and function-call events are told apart by their type where they carry one. */
const labelOf = (event: TraceEvent) =>
  event.name === 'EventDispatch' && event.args?.data?.type
    ? `EventDispatch(${event.args.data.type})`
    : event.name;

/**
 * Where the renderer's main thread spent its time during a trace, per update: top-level task time (wall and
 * CPU) and the self CPU time of every event name (its CPU time less that of the events nested in it).
 */
export function summariseTrace(events: readonly TraceEvent[], updates: number): TraceSummary {
  const threads = rendererMainThreads(events);
  const byThread = new Map<string, TraceEvent[]>();
  for (const event of events) {
    const thread = `${event.pid}:${event.tid}`;
    if (event.ph !== 'X' || event.dur === undefined || !threads.has(thread)) {
      continue;
    }
    const list = byThread.get(thread) ?? [];
    list.push(event);
    byThread.set(thread, list);
  }
  const self = new Map<string, number>();
  let taskUs = 0;
  let taskCpuUs = 0;
  for (const list of byThread.values()) {
    // Parents first: earlier start, and for equal starts the longer event.
    list.sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
    const stack: Array<{ end: number; label: string }> = [];
    for (const event of list) {
      const dur = event.dur ?? 0;
      const cpu = event.tdur ?? dur;
      while (stack.length > 0 && (stack.at(-1)?.end ?? 0) <= event.ts) {
        stack.pop();
      }
      const parent = stack.at(-1);
      if (parent === undefined) {
        taskUs += dur;
        taskCpuUs += cpu;
      } else {
        self.set(parent.label, (self.get(parent.label) ?? 0) - cpu);
      }
      const label = labelOf(event);
      self.set(label, (self.get(label) ?? 0) + cpu);
      stack.push({ end: event.ts + dur, label });
    }
  }
  const per = (us: number) => Math.round((us / 1000 / Math.max(updates, 1)) * 100) / 100;
  return {
    taskMsPerUpdate: per(taskUs),
    taskCpuMsPerUpdate: per(taskCpuUs),
    selfMsPerUpdate: [...self.entries()]
      .map(([name, us]): [string, number] => [name, per(us)])
      .filter(([, ms]) => ms >= 0.01)
      .sort((a, b) => b[1] - a[1]),
  };
}
