/**
 * Per-host politeness: at most one call in flight to a host, and at least `delayMs` between
 * the end of one call and the start of the next. `InProcessHostGate` keeps that within one
 * process; `SharedHostGate` (shared-host-gate.ts) across every process using the same Redis.
 */
export interface HostGate {
  run<T>(host: string, call: () => Promise<T>): Promise<T>;
}

/** Makes the gate of one egress client from its `hostDelayMs`. */
export type HostGateFactory = (delayMs: number) => HostGate;

export class InProcessHostGate implements HostGate {
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

export const inProcessHostGate: HostGateFactory = (delayMs) => new InProcessHostGate(delayMs);
