/** A mutex granted in request order: PGlite has one connection, so one caller (or transaction) at a time. */
export class FifoLock {
  #tail: Promise<void> = Promise.resolve();

  /** Runs `task` once every earlier task has settled; its outcome is the caller's alone. */
  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.#tail.then(task);
    this.#tail = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  }
}
