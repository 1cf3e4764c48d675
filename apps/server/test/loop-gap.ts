import { readFileSync } from 'node:fs';

/**
 * CPU time (ms) the main thread of this process has used, from /proc (Linux; 10 ms steps);
 * null elsewhere. Unlike wall time it does not grow while the machine is busy with other
 * processes, and unlike process.cpuUsage() it leaves out libuv's and sharp's worker threads.
 */
function mainThreadCpuMs(): number | null {
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'latin1');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}

export interface LoopGap<T> {
  result: T;
  /** The longest wall time between two ticks of a 10 ms timer (so at least 10 ms). */
  maxGapMs: number;
  /**
   * The most CPU time the main thread spent between two ticks: how long the event loop was
   * held by work, whatever the load of the machine (the wall gap when /proc is not there).
   */
  maxBusyMs: number;
}

/** Watches the event loop while `work` runs. */
export async function longestLoopGap<T>(work: () => Promise<T>): Promise<LoopGap<T>> {
  let last = performance.now();
  let lastCpu = mainThreadCpuMs();
  let maxGapMs = 0;
  let maxBusyMs = 0;
  const sample = () => {
    const now = performance.now();
    const cpu = mainThreadCpuMs();
    maxGapMs = Math.max(maxGapMs, now - last);
    maxBusyMs = Math.max(maxBusyMs, cpu !== null && lastCpu !== null ? cpu - lastCpu : now - last);
    last = now;
    lastCpu = cpu;
  };
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    sample();
    timer = setTimeout(tick, 10);
  };
  timer = setTimeout(tick, 10);
  try {
    const result = await work();
    sample();
    return { result, maxGapMs, maxBusyMs };
  } finally {
    clearTimeout(timer);
  }
}
