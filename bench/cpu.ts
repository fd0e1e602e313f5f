/**
 * Where a machine's CPU went during a bench phase (Linux /proc; elsewhere the figures are missing): the
 * whole machine, and a process with its children (a PostgreSQL cluster: the postmaster and its backends).
 * On a two-core machine shared with other work this says whether a phase was short of CPU.
 */
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

function statFields(pid: number): string[] | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // the command name is in parentheses and may hold spaces: split after it
    return text.slice(text.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/** CPU seconds used so far by `pid` and its live children (one level: a postmaster's backends). */
export function treeCpuSeconds(pid: number): number {
  let ticks = 0;
  const own = statFields(pid);
  if (own) ticks += Number(own[11]) + Number(own[12]);
  let entries: string[] = [];
  try {
    entries = readdirSync('/proc');
  } catch {
    return NaN;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = statFields(Number(entry));
    // fields from the state on: state, ppid, … utime is the 12th, stime the 13th
    if (fields && Number(fields[1]) === pid) ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks / TICKS_PER_SECOND;
}

/** The machine's busy and total CPU seconds so far, over all cores. */
export function machineCpuSeconds(): { busy: number; total: number } {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
    const values = line.split(/\s+/).slice(1).map(Number);
    const idle = (values[3] ?? 0) + (values[4] ?? 0);
    const total = values.slice(0, 8).reduce((a, b) => a + b, 0);
    return { busy: (total - idle) / TICKS_PER_SECOND, total: total / TICKS_PER_SECOND };
  } catch {
    return { busy: NaN, total: NaN };
  }
}

/** The pid of the process listening with `-p <port>` on its command line (a test cluster's postmaster). */
export function postmasterOf(port: number): number | undefined {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const args = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      const at = args.indexOf('-p');
      if (at >= 0 && args[at + 1] === String(port) && args.some((a) => a.endsWith('/postgres'))) return Number(entry);
    } catch {
      // a process gone in between
    }
  }
  return undefined;
}
