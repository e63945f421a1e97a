/**
 * A process role (api, worker, scheduler) run from the compiled build as production runs it
 * (`node --conditions=registry-build …`), with its log lines kept for the test to read.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';

export const REPO_ROOT = resolve(import.meta.dirname, '../../..');

export const ROLE_SCRIPTS = {
  api: 'services/api/dist/server.js',
  worker: 'services/runtime/dist/worker.js',
  scheduler: 'services/runtime/dist/scheduler.js',
} as const;

export type RoleName = keyof typeof ROLE_SCRIPTS;

export interface LogLine {
  msg?: string;
  [field: string]: unknown;
}

export class RoleProcess {
  readonly lines: LogLine[] = [];
  readonly exited: Promise<number | null>;
  private readonly child: ChildProcess;
  private waiters: (() => void)[] = [];

  constructor(readonly role: RoleName, env: NodeJS.ProcessEnv) {
    this.child = spawn(process.execPath, ['--conditions=registry-build', ROLE_SCRIPTS[role]], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let pending = '';
    const take = (chunk: Buffer) => {
      pending += chunk.toString('utf8');
      const complete = pending.split('\n');
      pending = complete.pop() ?? '';
      for (const text of complete.filter(Boolean)) this.lines.push(parseLine(text));
      for (const wake of this.waiters.splice(0)) wake();
    };
    this.child.stdout?.on('data', take);
    this.child.stderr?.on('data', take);
    this.exited = new Promise((done) => this.child.on('exit', (code) => {
      done(code);
      for (const wake of this.waiters.splice(0)) wake();
    }));
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  signal(name: NodeJS.Signals): void {
    this.child.kill(name);
  }

  /** The first log line that matches, waiting for it (fails after `timeoutMs`, or when the process ends first). */
  async waitForLine(matches: (line: LogLine) => boolean, timeoutMs = 90_000): Promise<LogLine> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.lines.find(matches);
      if (found) return found;
      if (!this.running) throw new Error(`${this.role} ended without the line; its log:\n${this.log()}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`${this.role}: no such line within ${timeoutMs} ms; its log:\n${this.log()}`);
      await new Promise<void>((wake) => {
        const timer = setTimeout(wake, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          wake();
        });
      });
    }
  }

  /** The base URL of the API (PORT=0 picks a free port) or of a role's HEALTH_PORT. */
  async url(): Promise<string> {
    if (this.role === 'api') {
      const line = await this.waitForLine((entry) => /^Server listening at http:\/\/127\.0\.0\.1:/.test(entry.msg ?? ''));
      return (line.msg ?? '').replace('Server listening at ', '');
    }
    const line = await this.waitForLine((entry) => typeof entry.port === 'number' && /health, readiness and metrics/.test(entry.msg ?? ''));
    return `http://127.0.0.1:${line.port as number}`;
  }

  log(): string {
    return this.lines.map((line) => JSON.stringify(line)).join('\n');
  }
}

function parseLine(text: string): LogLine {
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as LogLine;
  } catch {
    // A plain line (a start-up message): kept as its text.
  }
  return { msg: text };
}
