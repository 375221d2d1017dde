/**
 * A job that repeats its step while the step reports more work, one run at a time: every `tickMs` on a timer
 * (skipped while a run waits or runs), and on demand with drain() (tests, or a caller that wants it done now),
 * which runs after any run in progress. Errors of timer runs go to `onError`; drain() rejects with them.
 */
export class RepeatingJob {
  private timer: NodeJS.Timeout | undefined;
  private chain: Promise<void> = Promise.resolve();
  private pending = 0;

  constructor(
    /** One unit of work; true when more may be waiting. */
    private readonly step: () => Promise<boolean>,
    private readonly options: { tickMs: number; onError: (error: unknown) => void },
  ) {}

  start(): void {
    this.timer = setInterval(() => {
      if (this.pending === 0) {
        this.drain().catch(() => undefined);
      }
    }, this.options.tickMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.chain;
  }

  drain(): Promise<void> {
    this.pending += 1;
    const run = this.chain
      .then(async () => {
        while (await this.step()) {
          // More work was waiting than one step takes.
        }
      })
      .finally(() => {
        this.pending -= 1;
      });
    this.chain = run.catch(this.options.onError);
    return run;
  }
}
