import { defineConfig } from 'vitest/config';
import { E2E_SERVERS } from './e2e/global-setup';

/**
 * Browser tests: Debian's Chromium driven by playwright-core, two files at a time, each worker on a server
 * of its own (e2e/global-setup.ts). No retries.
 */
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    maxWorkers: E2E_SERVERS,
    // The timeout is there to end a hung test, not to time one: the longest flow (orders.e2e.ts, an offer to
    // a billed order) takes 35 s alone and twice that beside another file on a busy two-core machine.
    testTimeout: 120_000,
    hookTimeout: 90_000,
    retry: 0,
    // A screen loads its chunk and its data: on a busy machine that takes longer than the default 1 s.
    expect: { poll: { timeout: 10_000, interval: 100 } },
  },
});
