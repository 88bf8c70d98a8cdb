import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's utime and stime (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

function ticksOf(stat: string): { comm: string; ticks: number; reapedChildren: number } {
  // comm may hold spaces and parentheses: the fields after it start past the last ')'.
  const open = stat.indexOf('(');
  const close = stat.lastIndexOf(')');
  const fields = stat.slice(close + 2).split(' ');
  // After comm: state(0) ... utime(11) stime(12) cutime(13) cstime(14).
  return {
    comm: stat.slice(open + 1, close),
    ticks: Number(fields[11]) + Number(fields[12]),
    reapedChildren: Number(fields[13]) + Number(fields[14]),
  };
}

function readStat(pid: string): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined; // the process ended between the listing and the read
  }
}

/** CPU milliseconds used so far by one process (Linux /proc; 0 elsewhere). */
export function processCpuMs(pid: number): number {
  const stat = readStat(String(pid));
  return stat ? (ticksOf(stat).ticks * 1000) / TICKS_PER_SECOND : 0;
}

/** Write system calls made so far by one process (sockets included): each costs CPU in the kernel. */
export function processWrites(pid: number): number {
  try {
    return Number(/syscw:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/io`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/**
 * CPU milliseconds used so far by every PostgreSQL process on this machine (postmaster, backends,
 * WAL writer, checkpointer), including backends that have exited: the postmaster's reaped-children
 * times hold theirs, so connections opened and closed within a row are counted.
 */
export function postgresCpuMs(): number {
  let ticks = 0;
  let entries: string[] = [];
  try {
    entries = readdirSync('/proc');
  } catch {
    return 0;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readStat(entry);
    if (!stat) continue;
    const parsed = ticksOf(stat);
    if (parsed.comm === 'postgres' || parsed.comm.startsWith('postgres:')) ticks += parsed.ticks + parsed.reapedChildren;
  }
  return (ticks * 1000) / TICKS_PER_SECOND;
}

/**
 * CPU milliseconds used so far by one PostgreSQL server of several on this machine (a node of a
 * formation): its postmaster, the processes it started, and those it has reaped.
 */
export function postgresNodeCpuMs(pgdata: string): number {
  let postmaster: string;
  try {
    postmaster = readFileSync(`${pgdata}/postmaster.pid`, 'utf8').split('\n')[0]!.trim();
  } catch {
    return 0;
  }
  const own = readStat(postmaster);
  if (!own) return 0;
  const parsed = ticksOf(own);
  let ticks = parsed.ticks + parsed.reapedChildren;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readStat(entry);
    // After comm: state(0) ppid(1).
    if (stat?.slice(stat.lastIndexOf(')') + 2).split(' ')[1] === postmaster) ticks += ticksOf(stat).ticks;
  }
  return (ticks * 1000) / TICKS_PER_SECOND;
}

/** The highest resident memory of one process so far, in MB (its VmHWM). */
export function peakRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}
