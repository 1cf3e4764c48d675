/**
 * How long the event loop was held while `work` ran: the longest time between two ticks of a
 * 10 ms timer (so it includes the 10 ms), and the time from the last tick to the end. Tick
 * gaps, not the wall time of the work, so a slow, loaded machine makes the work longer but
 * not the gaps, as long as the work yields.
 */
export async function longestLoopGap<T>(work: () => Promise<T>): Promise<{ result: T; maxGapMs: number }> {
  let last = performance.now();
  let max = 0;
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    const now = performance.now();
    max = Math.max(max, now - last);
    last = now;
    timer = setTimeout(tick, 10);
  };
  timer = setTimeout(tick, 10);
  try {
    const result = await work();
    return { result, maxGapMs: Math.max(max, performance.now() - last) };
  } finally {
    clearTimeout(timer);
  }
}
