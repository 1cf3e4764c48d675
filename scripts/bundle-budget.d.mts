/** Types of scripts/bundle-budget.mjs, for bench/run.ts. */
export interface BundleFile {
  file: string;
  kind: 'js' | 'css';
  raw: number;
  gzip: number;
  entry: boolean;
}
export interface BundleMeasure {
  files: BundleFile[];
  js: number;
  css: number;
  total: number;
}
export const BUDGET_KB: number;
export const DIST: string;
export function measureInitialBundle(dist?: string): BundleMeasure;
export function summary(m: BundleMeasure): string;
export function reportInitialBundle(dist?: string): BundleMeasure;
