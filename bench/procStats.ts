/**
 * Where a process's CPU goes, from /proc (Linux): per thread, the API's own thread (its id is the process's)
 * apart from the rest, grouped by the thread's name and priority; and how busy the whole machine was, other sessions
 * included. Figures in cores: 1 is one core for the whole window.
 */
import fs from 'node:fs';
import os from 'node:os';

const TICKS = 100; // USER_HZ on Linux

export interface CpuSample {
  pid: number;
  at: number;
  threads: Map<string, { name: string; ticks: number }>;
}

function ticksOf(stat: string) {
  // The name is in parentheses and may hold spaces: the fields after it start at the last ')'.
  const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Threads that give way to the API (composition, watermarks, the export writer, parsing) run at nice 10.
  const nice = Number(fields[16]);
  return { name: nice === 0 ? name : `${name} (nice ${nice})`, ticks: Number(fields[11]) + Number(fields[12]) };
}

export function cpuSample(pid: number): CpuSample {
  const threads = new Map<string, { name: string; ticks: number }>();
  for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
    try {
      threads.set(tid, ticksOf(fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8')));
    } catch {
      // the thread ended meanwhile
    }
  }
  return { pid, at: performance.now(), threads };
}

/** Cores used since `before`: `api` (the main thread), each other thread name, and `all`. Threads ended meanwhile are not counted. */
export function cpuSince(before: CpuSample): Record<string, number> {
  const after = cpuSample(before.pid);
  const seconds = (after.at - before.at) / 1000;
  const out: Record<string, number> = { all: 0, api: 0 };
  for (const [tid, t] of after.threads) {
    const used = (t.ticks - (before.threads.get(tid)?.ticks ?? 0)) / TICKS / seconds;
    const key = tid === String(before.pid) ? 'api' : t.name;
    out[key] = (out[key] ?? 0) + used;
    out.all! += used;
  }
  return Object.fromEntries(Object.entries(out).map(([k, v]) => [k, Math.round(v * 100) / 100]));
}

export interface MachineSample {
  busy: number;
  total: number;
}
export function machineSample(): MachineSample {
  const cpus = os.cpus();
  let busy = 0;
  let total = 0;
  for (const c of cpus) {
    const t = c.times;
    busy += t.user + t.nice + t.sys + t.irq;
    total += t.user + t.nice + t.sys + t.irq + t.idle;
  }
  return { busy, total };
}
/** The share of every core's time spent busy since `before` (0 to 1). */
export function machineBusySince(before: MachineSample): number {
  const after = machineSample();
  return (after.busy - before.busy) / Math.max(1, after.total - before.total);
}
