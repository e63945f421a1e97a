/**
 * CPU time of processes on this machine, for benches: on a machine shared with other work,
 * latency follows everyone's load, CPU time per request much less.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** Kernel clock ticks per second (USER_HZ): 100 on Linux everywhere we run. */
const CLOCK_TICKS = 100;

/** CPU time (user + system) a process has used so far, in ms; NaN when it cannot be read. */
export function processCpuMs(pid: number | undefined): number {
  if (pid === undefined) return NaN;
  try {
    // The fields after the command name `(…)`: state is the first, utime and stime the 12th and 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return NaN;
  }
}

/** OpenSearch's JVM when it runs on this machine (its CPU per request can then be measured). */
export function openSearchPid(): number | undefined {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes('org.opensearch.bootstrap.OpenSearch')) return Number(entry);
    } catch {
      // The process ended while we looked.
    }
  }
  return undefined;
}
