import { defineConfig } from 'vitest/config';

/** Browser tests: one server on the built app, Debian's Chromium driven by playwright-core. No retries. */
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 90_000,
    retry: 0,
    // A screen loads its chunk and its data: on a busy machine that takes longer than the default 1 s.
    expect: { poll: { timeout: 10_000, interval: 100 } },
  },
});
