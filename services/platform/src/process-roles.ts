/**
 * A process role (api, worker, scheduler) as its entry point sees it: started, it runs until
 * SIGTERM or SIGINT, then stops gracefully (stop accepting work, finish what is in flight, close
 * its connections) and the process exits 0. A second signal while stopping exits at once with 1.
 */
import { runCli } from './cli.ts';

export interface RunningRole {
  readonly name: string;
  /** Resolves once the role has finished its in-flight work and closed its connections. */
  stop(): Promise<void>;
}

function nextSignal(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    process.once('SIGTERM', () => resolve('SIGTERM'));
    process.once('SIGINT', () => resolve('SIGINT'));
  });
}

/** Starts the roles (one process may run several), then stops them all on the first signal. */
export function runRolesUntilSignalled(start: () => Promise<RunningRole[]>): void {
  runCli(async () => {
    const signalled = nextSignal();
    const roles = await start();
    const signal = await signalled;
    console.log(`${signal}: stopping ${roles.map((role) => role.name).join(', ')}`);
    void nextSignal().then(() => process.exit(1));
    await Promise.all(roles.map((role) => role.stop()));
  });
}
