/**
 * A line for work that must not run more than `running` at once, first come first served.
 *
 * Not `p-limit` (read for issue 33): a turn here is held from a request's start to its answer
 * (`end` is called from the `onSend` hook or on the connection's close, not when a function
 * returns), and a request whose client went away leaves the line while still waiting; p-limit
 * runs a function per slot and can only clear its whole queue, so the wrapper needed to hold a
 * slot and to skip one waiter would be longer than this class.
 */
export class Turns {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly running: number) {}

  /** `started` resolves when the turn begins; `end` (idempotent) ends it, or leaves the line. */
  take(): { started: Promise<void>; end: () => void } {
    let begin!: () => void;
    const started = new Promise<void>((resolve) => { begin = resolve; });
    let state: 'waiting' | 'running' | 'ended' = 'waiting';
    const run = () => {
      if (state !== 'waiting') return;
      state = 'running';
      this.active += 1;
      begin();
    };
    const end = () => {
      if (state === 'running') {
        this.active -= 1;
        this.waiting.shift()?.();
      } else if (state === 'waiting') {
        this.waiting.splice(this.waiting.indexOf(run), 1);
      }
      state = 'ended';
    };
    if (this.active < this.running) run();
    else this.waiting.push(run);
    return { started, end };
  }
}
