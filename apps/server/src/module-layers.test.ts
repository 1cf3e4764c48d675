/**
 * Modules import downwards only (DESIGN "Shape of every new area", docs/decisions/018). Each
 * module has a layer; an import from a module into one of the same or a higher layer is a
 * back-edge and fails this test, and so does a module without a layer. Where a module's write
 * must set off work in a module above it, the lower module names a port in its routes' options
 * and app.ts plugs the higher module's function in. Platform and db import no module at all.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const srcDir = import.meta.dirname;
const modulesDir = path.join(srcDir, 'modules');

/** Lower layers never import higher ones. */
const LAYER: Record<string, number> = {
  health: 0,
  jobs: 0,
  clientconfig: 0,
  countries: 0,
  documents: 0,
  users: 1,
  tenants: 1,
  auth: 2,
  admin: 3,
  folders: 3,
  booktypes: 3,
  qualifications: 3,
  components: 3,
  books: 4,
  inspections: 5,
  protocol: 5,
  pdf: 6,
  customerlocations: 6,
  offers: 6,
  costlist: 6,
  reminders: 7,
  qr: 7,
  lists: 7,
  offerevaluation: 7,
  orders: 7,
  retention: 7,
  exports: 7,
  doorbooks: 8,
  opevaluation: 8,
  capacity: 8,
  offline: 8,
};

/**
 * Back-edges tolerated for now: none. A new one is removed by moving the code down (into the
 * lower module or platform) or behind a port, not by listing it here.
 */
const KNOWN_BACK_EDGES: string[] = [];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return /\.ts$/.test(e.name) && !/\.test\.ts$/.test(e.name) ? [full] : [];
  });
}

/** The modules a file imports (static imports, re-exports and dynamic imports). */
function importedModules(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/(?:from|import\()\s*'([^']+)'/g)].map((m) => m[1] as string);
  return specifiers.flatMap((s) => {
    if (!s.startsWith('.')) return [];
    const rel = path.relative(modulesDir, path.resolve(path.dirname(file), s));
    const [mod] = rel.split(path.sep);
    return rel.startsWith('..') || !mod ? [] : [mod];
  });
}

function moduleEdges(): Set<string> {
  const edges = new Set<string>();
  for (const mod of readdirSync(modulesDir)) {
    for (const file of sourceFiles(path.join(modulesDir, mod))) {
      for (const target of importedModules(file)) if (target !== mod) edges.add(`${mod} -> ${target}`);
    }
  }
  return edges;
}

describe('module layers', () => {
  const edges = moduleEdges();

  it('gives every module a layer', () => {
    const unplaced = readdirSync(modulesDir).filter((m) => !(m in LAYER));
    expect(unplaced).toEqual([]);
  });

  it('finds no back-edge beyond the listed ones, and no listed one that is gone', () => {
    const back = [...edges]
      .filter((e) => {
        const [from, to] = e.split(' -> ') as [string, string];
        return (LAYER[from] ?? 0) <= (LAYER[to] ?? 0);
      })
      .sort();
    expect(back).toEqual([...KNOWN_BACK_EDGES].sort());
  });

  it('keeps platform and db free of module imports', () => {
    const offenders = ['platform', 'db'].flatMap((dir) =>
      sourceFiles(path.join(srcDir, dir)).flatMap((file) =>
        importedModules(file).map((mod) => `${path.relative(srcDir, file)} -> ${mod}`),
      ),
    );
    expect(offenders).toEqual([]);
  });

  it('reads the imports at all (the test would pass vacuously otherwise)', () => {
    expect(edges.has('lists -> books')).toBe(true);
    expect(edges.has('inspections -> books')).toBe(true);
    expect(importedModules(path.join(srcDir, 'background.ts'))).toContain('books');
  });
});
