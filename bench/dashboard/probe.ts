/**
 * Runs in the page before any of its scripts (Playwright `addInitScript`): times the main-thread work of every
 * update of the device feed — each frame of a `ws/device-data/` or `ws/tab-devices-data/` socket on the page, or each `changes` message
 * of the dashboard's feed worker — and, when asked, counts the animation frames the page missed.
 *
 * One update's time runs from the start of the page's first `message` listener to the end of its last one,
 * plus the microtasks they queued (React renders an external-store update in a microtask) and any task they
 * posted before the probe's own end marker (a MessageChannel task posted after the last listener returned).
 * Must stay self-contained: Playwright sends its source text to the page.
 */
export function installDashboardProbe(): void {
  type Probe = {
    updates: number[];
    /** When each update's first listener started, in ms since the epoch (performance.timeOrigin based). */
    updateStarts: number[];
    frameGaps: number[];
    reset: () => void;
    startFrames: () => void;
    stopFrames: () => void;
  };
  // Frames are counted only on request: a requestAnimationFrame loop makes the page produce 60 frames a
  // second, whose cost would hide the updates' own main-thread time.
  let counting = false;
  let lastFrame = 0;
  const onFrame = (time: number) => {
    if (!counting) {
      return;
    }
    if (lastFrame !== 0) {
      probe.frameGaps.push(time - lastFrame);
    }
    lastFrame = time;
    requestAnimationFrame(onFrame);
  };
  const probe: Probe = {
    updates: [],
    updateStarts: [],
    frameGaps: [],
    reset() {
      probe.updates = [];
      probe.updateStarts = [];
      probe.frameGaps = [];
    },
    startFrames() {
      counting = true;
      lastFrame = 0;
      requestAnimationFrame(onFrame);
    },
    stopFrames() {
      counting = false;
    },
  };
  (window as unknown as { __dashboardProbe: Probe }).__dashboardProbe = probe;

  type Listener = (this: WebSocket, event: MessageEvent) => unknown;
  const Native = window.WebSocket;
  let pending: { start: number; listeners: number } | null = null;
  // One channel for the page's life: its task after the last listener ends an update's time. A channel per
  // update would be the probe's own main-thread work and garbage, counted as the page's.
  const channel = new MessageChannel();
  const endsPending: number[] = [];
  channel.port1.onmessage = () => {
    const start = endsPending.shift();
    if (start !== undefined) {
      probe.updates.push(performance.now() - start);
      probe.updateStarts.push(performance.timeOrigin + start);
    }
  };
  const endMarker = (start: number) => {
    endsPending.push(start);
    channel.port2.postMessage(0);
  };

  /**
   * Times every `message` listener of one event target (the feed's socket on the empty page, the feed's
   * worker on the dashboard); `isUpdate` picks the messages that are feed updates.
   */
  const probeMessages = (target: EventTarget, isUpdate: (event: MessageEvent) => boolean): void => {
    let appListeners = 0;
    const wrapped = new WeakMap<object, Listener>();
    const wrap = (listener: Listener): Listener => {
      const existing = wrapped.get(listener);
      if (existing) {
        return existing;
      }
      const timed: Listener = function (this: WebSocket, event: MessageEvent) {
        if (!isUpdate(event)) {
          return listener.call(this, event);
        }
        if (pending === null) {
          pending = { start: performance.now(), listeners: 0 };
        }
        try {
          return listener.call(this, event);
        } finally {
          pending.listeners += 1;
          if (pending.listeners >= appListeners) {
            endMarker(pending.start);
            pending = null;
          }
        }
      };
      wrapped.set(listener, timed);
      return timed;
    };
    const nativeAdd = target.addEventListener.bind(target);
    const nativeRemove = target.removeEventListener.bind(target);
    target.addEventListener = ((type: string, listener: unknown, options?: unknown) => {
      if (type === 'message' && typeof listener === 'function') {
        appListeners += 1;
        nativeAdd(type, wrap(listener as Listener) as EventListener, options as AddEventListenerOptions);
        return;
      }
      nativeAdd(type, listener as EventListener, options as AddEventListenerOptions);
    }) as EventTarget['addEventListener'];
    target.removeEventListener = ((type: string, listener: unknown, options?: unknown) => {
      const inner = type === 'message' && typeof listener === 'function' ? wrapped.get(listener) : undefined;
      if (inner) {
        appListeners -= 1;
      }
      nativeRemove(type, (inner ?? listener) as EventListener, options as EventListenerOptions);
    }) as EventTarget['removeEventListener'];
    let handler: Listener | null = null;
    Object.defineProperty(target, 'onmessage', {
      get: () => handler,
      set: (value: Listener | null) => {
        if (handler !== null) {
          target.removeEventListener('message', handler as EventListener);
        }
        handler = value;
        if (value !== null) {
          target.addEventListener('message', value as EventListener);
        }
      },
    });
  };

  class ProbedWebSocket extends Native {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols);
      // A device's feed (the dashboard) or a tab's (the visual dashboard's live view: bench:visual).
      if (['/ws/device-data/', '/ws/tab-devices-data/'].some((feed) => String(url).includes(feed))) {
        probeMessages(this, () => true);
      }
    }
  }
  // The dashboard reads its feed in a worker named 'device-feed' that posts {type: 'changes'} per tree.
  const NativeWorker = window.Worker;
  class ProbedWorker extends NativeWorker {
    constructor(url: string | URL, options?: WorkerOptions) {
      super(url, options);
      if (options?.name === 'device-feed') {
        probeMessages(this, (event) => (event.data as { type?: string } | null)?.type === 'changes');
      }
    }
  }
  window.Worker = ProbedWorker as typeof Worker;
  window.WebSocket = ProbedWebSocket as typeof WebSocket;
}
