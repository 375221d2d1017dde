export type CoalescedLookupOptions = {
  /** Statements of this lookup running at once; lookups arriving beyond it wait for the next statement. */
  maxInFlight: number;
  /** Keys one statement reads at most. */
  maxBatch: number;
};

type Waiter<V> = { resolve: (value: V | undefined) => void; reject: (error: unknown) => void };

/**
 * Reads by key where lookups that arrive while earlier ones are running go to the database together, in one
 * statement for many keys, instead of one round trip each. Not a cache: a lookup is only ever answered by a
 * statement that started after it arrived, so it sees every change committed before it was made. Under light
 * load each lookup runs alone and at once; under heavy load (every authenticated request reads its session)
 * the statements, their round trips and the socket writes are shared.
 */
export class CoalescedLookup<K, V> {
  readonly #waiting = new Map<K, Array<Waiter<V>>>();
  #inFlight = 0;

  constructor(
    private readonly read: (keys: K[]) => Promise<ReadonlyMap<K, V>>,
    private readonly options: CoalescedLookupOptions,
  ) {}

  /** The value of `key` as a statement started after this call reads it; undefined when there is none. */
  get(key: K): Promise<V | undefined> {
    return new Promise<V | undefined>((resolve, reject) => {
      const waiters = this.#waiting.get(key);
      if (waiters === undefined) {
        this.#waiting.set(key, [{ resolve, reject }]);
      } else {
        waiters.push({ resolve, reject });
      }
      this.#pump();
    });
  }

  #pump(): void {
    while (this.#inFlight < this.options.maxInFlight && this.#waiting.size > 0) {
      const batch = new Map<K, Array<Waiter<V>>>();
      for (const [key, waiters] of this.#waiting) {
        if (batch.size === this.options.maxBatch) {
          break;
        }
        batch.set(key, waiters);
        this.#waiting.delete(key);
      }
      this.#inFlight += 1;
      void this.#run(batch);
    }
  }

  async #run(batch: Map<K, Array<Waiter<V>>>): Promise<void> {
    try {
      const found = await this.read([...batch.keys()]);
      for (const [key, waiters] of batch) {
        const value = found.get(key);
        for (const waiter of waiters) {
          waiter.resolve(value);
        }
      }
    } catch (error) {
      for (const waiters of batch.values()) {
        for (const waiter of waiters) {
          waiter.reject(error);
        }
      }
    } finally {
      this.#inFlight -= 1;
      this.#pump();
    }
  }
}
