/** The demo seeds' random numbers: seeded, so the demo is the same on every machine. */

/** mulberry32: a small seeded generator, so the demo is the same on every machine. */
export function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)] as T;
  const weighted = <K extends string>(weights: Partial<Record<K, number>>): K => {
    const entries = Object.entries(weights) as [K, number][];
    let r = next() * entries.reduce((s, [, w]) => s + w, 0);
    for (const [k, w] of entries) {
      r -= w;
      if (r < 0) return k;
    }
    return (entries[entries.length - 1] as [K, number])[0];
  };
  /** Log-normal around a median (sigma on the log scale). */
  const logNormal = (median: number, sigma: number) => {
    const u = Math.max(next(), 1e-9);
    const z = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * next());
    return median * Math.exp(sigma * z);
  };
  return { next, int, pick, weighted, logNormal };
}

/** A seed's generator (seed-offers, seed-orders). */
export type Random = ReturnType<typeof generator>;
