/**
 * CPU time on Linux, for the CPU-per-row figures: this Node process (every thread), another
 * process, and the local PostgreSQL server as a whole.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** Linux's USER_HZ: /proc counts CPU time in ticks of 10 ms. */
const TICKS_PER_SECOND = 100;

/** The fields of /proc/<pid>/stat after the command's name, which may hold spaces. */
function statFieldsOf(pid: number | string): string[] {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
}

const ticksToMs = (ticks: number) => (ticks / TICKS_PER_SECOND) * 1000;

/** User and system CPU of a process, in ms. */
export function cpuMsOf(pid: number): number {
  const fields = statFieldsOf(pid);
  return ticksToMs(Number(fields[11]) + Number(fields[12]));
}

/** This process's user and system CPU in ms, all its threads (the worker threads too). */
export function nodeCpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/**
 * Everything the local PostgreSQL server has spent, in ms: each live postgres process (backends,
 * parallel workers, the writers) and, through the postmaster's children's time, every one that
 * has ended since it started. A difference of two readings is the server's CPU between them,
 * whichever database it worked for: on a quiet machine, the benchmark's. Connections that end
 * before the second reading (a pool closing, parallel workers) are counted too, which the
 * backends of pg_stat_activity alone would miss.
 */
export function postgresCpuMs(): number {
  const postgres = new Map<number, { parent: number; ms: number; childrenMs: number }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      if (name !== 'postgres' && name !== 'postmaster') continue;
      const fields = statFieldsOf(entry);
      postgres.set(Number(entry), {
        parent: Number(fields[1]),
        ms: ticksToMs(Number(fields[11]) + Number(fields[12])),
        childrenMs: ticksToMs(Number(fields[13]) + Number(fields[14])),
      });
    } catch {
      // The process ended while we read: its time is now its parent's.
    }
  }
  let total = 0;
  for (const process of postgres.values()) {
    total += process.ms;
    // The postmaster (whose parent is no postgres process) carries its ended children's time.
    if (!postgres.has(process.parent)) total += process.childrenMs;
  }
  return total;
}
