import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

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
