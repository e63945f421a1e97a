/**
 * Per-host politeness: at most one call in flight to a host, and at least `delayMs` between
 * the end of one call and the start of the next (within this process).
 */
export class HostGate {
  readonly #tails = new Map<string, Promise<void>>();

  constructor(private readonly delayMs: number) {}

  async run<T>(host: string, call: () => Promise<T>): Promise<T> {
    const previous = this.#tails.get(host) ?? Promise.resolve();
    let release = (): void => {};
    const tail = new Promise<void>((resolve) => {
      release = resolve;
    });
    this.#tails.set(host, tail);
    await previous;
    try {
      return await call();
    } finally {
      setTimeout(() => {
        if (this.#tails.get(host) === tail) this.#tails.delete(host);
        release();
      }, this.delayMs).unref();
    }
  }
}
