import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * The files that run far longer than their size suggests, longest first (seconds of one run on 2 cores, 3 workers).
 * Vitest starts the files that took longest last time first; without that record (a clean clone, as in CI) it starts
 * the largest files first, and these small ones (a table of cases, a child process) started late and ran alone at the
 * end of the run.
 */
const HEAVY = [
  'apps/server/src/access-matrix.test.ts', // 83
  'apps/server/src/bad-input.property.test.ts', // 50
  'apps/server/src/modules/customerlocations/customerlocations-import-limits.test.ts', // 29
  'apps/server/src/startup.test.ts', // 27
  'apps/server/src/ops/backup-cli.test.ts', // 26
  'apps/server/src/platform/spreadsheet.test.ts', // 26
  'apps/server/src/modules/inspections/inspections-seal.test.ts', // 18
  'apps/server/src/ops/backup-upgrade.test.ts', // 14
  'apps/server/src/platform/mail-worker.test.ts', // 14
  'apps/server/src/modules/inspections/inspections-finalize.test.ts', // 13
  'apps/server/src/ops/backup.test.ts', // 10
  'apps/server/src/platform/compression.test.ts', // 10
  // The demo seed's files: each seeds a whole demo tenant.
  'apps/server/src/demo/seed-inspections.test.ts', // 10
  'apps/server/src/demo/seed-sealed-pdfs.test.ts', // 10
  'apps/server/src/demo/seed.test.ts', // 9
  'apps/server/src/demo/seed-locations.test.ts', // 9
];

class HeavyFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    const timed = (f: TestSpecification) =>
      this.ctx.cache.getFileTestResults(`${f.project.name}:${relative(this.ctx.config.root, f.moduleId)}`);
    if (files.every(timed)) return sorted;
    const rank = (f: TestSpecification) => {
      const i = HEAVY.indexOf(relative(root, f.moduleId));
      return i < 0 ? HEAVY.length : i;
    };
    // Stable: the rest keeps the base order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}

const UNIT = ['packages/*/src/**/*.test.ts', 'apps/web/src/**/*.test.ts'];
/**
 * Unit files that need a module graph of their own: they stub browser globals (document, fetch, …)
 * for the whole file, or read the German first-load texts that lib/i18n.ts merges the screen texts into.
 */
const ISOLATED = [
  'apps/web/src/lib/api-client.test.ts',
  'apps/web/src/components/ui/protocol-value.test.ts',
  'apps/web/src/lib/locales/locales.test.ts',
  // Sets the IndexedDB globals (fake-indexeddb) for the whole file.
  'apps/web/src/features/offline/offline-store.test.ts',
  'apps/web/src/features/offline/outbox.test.ts',
];

export default defineConfig({
  // The web app's '@/…' imports, for its unit tests.
  resolve: { alias: { '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)) } },
  test: {
    pool: 'forks',
    sequence: { sequencer: HeavyFirst },
    // Vitest's default is one worker fewer than cores: a single worker on a 2-core machine. Three workers keep
    // both cores busy while one waits on a child process, a timer or the database: `npm test` on 2 cores took
    // 193 s with 2 workers, 166 s with 3 and 168 s with 4 (one run each, quiet machine).
    maxWorkers: 3,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          // Ends what each file's hooks made (test/file-end.ts).
          setupFiles: ['apps/server/test/file-end.ts'],
          // A worker's test files share loaded modules (the app, the compiled PGlite WebAssembly):
          // each file still gets a database of its own (test/helper.ts), so nothing else is shared.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'unit',
          include: UNIT,
          exclude: [...configDefaults.exclude, ...ISOLATED],
          // A module graph of its own per file (a fresh worker each) made these small files about 6 times slower.
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: 'unit-isolated', include: ISOLATED },
      },
    ],
  },
});
