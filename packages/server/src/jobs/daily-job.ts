const DAY_MS = 86_400_000;
/** The first run a minute after start, so instances restarted every day still run it. */
const FIRST_RUN_MS = 60_000;

/**
 * A job run a minute after start and then daily on every instance (the retention jobs): `run` must be safe on
 * several instances at once (each DELETE removes a row once) and report its own errors; stop() clears the timers.
 */
export function startDailyJob(run: () => Promise<void>): { stop(): void } {
  const first = setTimeout(() => void run(), FIRST_RUN_MS);
  const daily = setInterval(() => void run(), DAY_MS);
  first.unref();
  daily.unref();
  return {
    stop: () => {
      clearTimeout(first);
      clearInterval(daily);
    },
  };
}
