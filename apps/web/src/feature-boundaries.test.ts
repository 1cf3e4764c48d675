/**
 * Web features keep apart (docs/architecture.md "Layers"), as server modules keep their layers
 * (apps/server/src/module-layers.test.ts). The rule:
 * - `components/` and `lib/` import no feature: they are below every feature.
 * - A feature imports another feature only through that feature's public index,
 *   `@/features/<name>` (its `index.ts`), which re-exports just what others use; never its
 *   `api/`, `components/`, `pages/` or other files. Code two features share that belongs to
 *   neither moves to `components/` or `lib/` instead (the evaluations' range filter did).
 * - Which feature may use which is the table below; a new pair fails this test, and is either
 *   added here because one feature truly shows another's piece (the book page shows the
 *   inspection cards) or removed by moving the shared code down. The pairs form no cycle.
 * - `app/` is the composition root: it imports pages by their path (each route is its own lazily
 *   loaded chunk) and the few pieces of the shell listed in APP_SHELL by their path too. Not through
 *   an index: the shell is in the first chunk, and an index would bring every piece it re-exports
 *   into it (the defect reports' index, with the book page's card, added 7.6 kB to the first load).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const srcDir = import.meta.dirname;

/** Feature → the features it may import through their index. */
const ALLOWED: Record<string, string[]> = {
  books: ['defectreports', 'exports', 'inspections', 'offline', 'retention', 'tenants'],
  // A branch's books can be taken along for the road (decision 061).
  customerlocations: ['exports', 'offline'],
  inspections: ['tenants'],
  lists: ['tenants'],
  offers: ['orders'],
  // A scan without a network opens the book prepared for the road (decision 061).
  qr: ['offline'],
  orders: ['books', 'costlist'],
  retention: ['tenants'],
};

/** What the shell (nav bar, tenant picker, and app/preload.ts for them) uses of the features, besides the pages. */
const APP_SHELL = [
  // Loaded (dynamically) only when changes recorded offline wait to be sent.
  'features/offline/sync-runner',
  'features/defectreports/api/get-defect-report-count',
  'features/tenants/api/get-user-tenants',
  'features/tenants/components/tenant-picker',
];

interface Source {
  /** Path relative to src, with '/' separators. */
  file: string;
  text: string;
}

function sourceFiles(dir: string): Source[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    if (!/\.tsx?$/.test(e.name)) return [];
    return [{ file: path.relative(srcDir, full).split(path.sep).join('/'), text: readFileSync(full, 'utf8') }];
  });
}

/** What a file imports, as paths relative to src (static and side-effect imports, re-exports, dynamic imports). */
function importedPaths(source: Source): string[] {
  const specifiers = [...source.text.matchAll(/(?:\bfrom|\bimport\s*\(?)\s*'([^']+)'/g)].map((m) => m[1] as string);
  return specifiers.flatMap((s) => {
    if (s.startsWith('@/')) return [s.slice(2)];
    if (s.startsWith('.')) return [path.posix.normalize(path.posix.join(path.posix.dirname(source.file), s))];
    return [];
  });
}

/** The feature a path belongs to, and whether it names the feature's public index. */
function featureOf(rel: string): { feature: string; index: boolean; page: boolean } | null {
  const match = /^features\/([^/]+)(?:\/(.*))?$/.exec(rel);
  if (!match) return null;
  const rest = match[2] ?? '';
  return {
    feature: match[1] as string,
    index: rest === '' || /^index(\.tsx?)?$/.test(rest),
    page: rest.startsWith('pages/'),
  };
}

/** The imports that break the rule, and the feature-to-feature pairs that are used. */
function check(sources: Source[]): { violations: string[]; pairs: Set<string> } {
  const violations: string[] = [];
  const pairs = new Set<string>();
  for (const source of sources) {
    const from = featureOf(source.file);
    const top = source.file.split('/')[0];
    for (const target of importedPaths(source)) {
      const to = featureOf(target);
      if (!to || to.feature === from?.feature) continue;
      const edge = `${source.file} -> ${target}`;
      if (top === 'components' || top === 'lib') violations.push(`${edge} (components/ and lib/ import no feature)`);
      else if (top === 'app') {
        if (!to.page && !APP_SHELL.includes(target)) violations.push(`${edge} (app/ imports pages and APP_SHELL)`);
      } else if (from) {
        pairs.add(`${from.feature} -> ${to.feature}`);
        if (!to.index) violations.push(`${edge} (through @/features/${to.feature} only)`);
        else if (!ALLOWED[from.feature]?.includes(to.feature))
          violations.push(`${edge} (${from.feature} -> ${to.feature} is not in the table)`);
      }
    }
  }
  return { violations: violations.sort(), pairs };
}

/** A cycle among the allowed pairs, as a path, or null. */
function cycleIn(graph: Record<string, string[]>): string[] | null {
  const done = new Set<string>();
  const visit = (node: string, trail: string[]): string[] | null => {
    if (trail.includes(node)) return [...trail.slice(trail.indexOf(node)), node];
    if (done.has(node)) return null;
    for (const next of graph[node] ?? []) {
      const found = visit(next, [...trail, node]);
      if (found) return found;
    }
    done.add(node);
    return null;
  };
  for (const node of Object.keys(graph)) {
    const found = visit(node, []);
    if (found) return found;
  }
  return null;
}

describe('web feature boundaries', () => {
  const sources = ['app', 'components', 'features', 'lib'].flatMap((dir) => sourceFiles(path.join(srcDir, dir)));
  const { violations, pairs } = check(sources);

  it('finds no import across features except through an allowed index', () => {
    expect(violations).toEqual([]);
  });

  it('lists no pair in the table that is no longer used', () => {
    const allowed = Object.entries(ALLOWED).flatMap(([from, tos]) => tos.map((to) => `${from} -> ${to}`));
    expect(allowed.filter((pair) => !pairs.has(pair))).toEqual([]);
  });

  it('allows no cycle between features', () => {
    expect(cycleIn(ALLOWED)).toBeNull();
    expect(cycleIn({ a: ['b'], b: ['c'], c: ['a'] })).toEqual(['a', 'b', 'c', 'a']);
  });

  it('gives every feature that others import an index', () => {
    const targets = new Set(Object.values(ALLOWED).flat());
    const missing = [...targets].filter((feature) => !sources.some((s) => s.file === `features/${feature}/index.ts`));
    expect(missing).toEqual([]);
  });

  it('reads the imports at all (the test would pass vacuously otherwise)', () => {
    expect(pairs.has('books -> inspections')).toBe(true);
    expect(pairs.has('orders -> costlist')).toBe(true);
    expect(sources.some((s) => s.file === 'app/screens.tsx')).toBe(true);
  });

  it('fails on a new cross-feature import (fixtures)', () => {
    const fixture = (file: string, text: string) => check([{ file, text }]).violations;
    // Into another feature's internals, relative or by alias: the opevaluation → offerevaluation case.
    expect(
      fixture(
        'features/opevaluation/pages/op-evaluation-page.tsx',
        "import { departmentOf } from '../../offerevaluation/evaluation-state';",
      ),
    ).toEqual([
      'features/opevaluation/pages/op-evaluation-page.tsx -> features/offerevaluation/evaluation-state (through @/features/offerevaluation only)',
    ]);
    expect(
      fixture('features/books/pages/book-page.tsx', "import { X } from '@/features/inspections/components/x';"),
    ).toHaveLength(1);
    // Through the index, but a pair the table does not allow (also a dynamic import).
    expect(fixture('features/tenants/pages/p.tsx', "const m = import('@/features/books');")).toEqual([
      'features/tenants/pages/p.tsx -> features/books (tenants -> books is not in the table)',
    ]);
    // Shared code reaching up into a feature.
    expect(fixture('lib/x.ts', "export { useTenant } from '@/features/tenants';")).toHaveLength(1);
    expect(fixture('components/ui/x.tsx', "import '../../features/orders/order-form';")).toHaveLength(1);
    // app/ reaching into a feature beyond its pages and the listed shell pieces, index included.
    expect(
      fixture('app/layout/x.tsx', "import { T } from '@/features/tenants/components/tenant-select';"),
    ).toHaveLength(1);
    expect(fixture('app/layout/x.tsx', "import { T } from '@/features/tenants';")).toHaveLength(1);
    // What the rule allows.
    expect(
      fixture('features/books/pages/book-page.tsx', "import { BookingCard } from '@/features/inspections';"),
    ).toEqual([]);
    expect(fixture('features/books/pages/b.tsx', "import { x } from '../api/get-book';")).toEqual([]);
    expect(fixture('app/screens.tsx', "lazy(() => import('@/features/books/pages/book-page'))")).toEqual([]);
    expect(fixture('app/layout/x.tsx', "import { T } from '@/features/tenants/components/tenant-picker';")).toEqual([]);
    expect(fixture('features/orders/x.ts', "import { api } from '@/lib/api-client';")).toEqual([]);
    // '@/components' is shared code, not the feature named 'components'.
    expect(fixture('features/orders/x.ts', "import { ListPage } from '@/components/ui/list-page/list-page';")).toEqual(
      [],
    );
  });
});

/**
 * One style for the web API layer: one file per call in `features/<name>/api/`, named after it
 * (`get-order.ts`, `update-order.ts`), with its request function, query options and hook; `keys.ts`
 * holds the feature's query keys and `invalidate.ts` what a write reads again. A list and its count,
 * read from the same list call, share the list's file.
 */
const LIST_WITH_COUNT = ['features/offers/api/get-offers.ts', 'features/orders/api/get-orders.ts'];

/** The hooks a file exports. */
const hooksOf = (text: string) =>
  [...text.matchAll(/^export (?:async )?(?:function|const) (use[A-Z]\w*)/gm)].map((m) => m[1]);

describe('web API layer', () => {
  const apiFiles = sourceFiles(path.join(srcDir, 'features')).filter((s) => /^features\/[^/]+\/api\//.test(s.file));

  it('has one hook per file, besides a list with its count', () => {
    const crowded = apiFiles
      .filter((s) => hooksOf(s.text).length > (LIST_WITH_COUNT.includes(s.file) ? 2 : 1))
      .map((s) => `${s.file}: ${hooksOf(s.text).join(', ')}`);
    expect(crowded).toEqual([]);
  });

  it('counts hooks at all (fixture)', () => {
    expect(apiFiles.length).toBeGreaterThan(100);
    expect(hooksOf('export const useA = () => 1;\nexport function useB() {}\nexport const userKey = 1;')).toEqual([
      'useA',
      'useB',
    ]);
  });
});
