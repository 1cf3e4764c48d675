/**
 * The browser the tests start (e2e/chromium.ts, decision 080): a page opens without the address bar's popup page,
 * whose renderer took about a second of CPU from every page, and Playwright's own disabled features are still
 * turned off. If a later Chromium renames the popup's features, the first test fails instead of every browser test
 * silently getting slower.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chromiumOptions } from './chromium';

const commandLine = (pid: string | number) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
  } catch {
    return []; // Ended meanwhile, or not ours to read.
  }
};

describe('the tests’ Chromium', () => {
  it('opens a page without a renderer for the address bar’s popup, and keeps Playwright’s disabled features', async () => {
    const options = await chromiumOptions();
    const server = await chromium.launchServer(options);
    try {
      const browserLine = commandLine(server.process().pid as number);
      const profile = browserLine.find((arg) => arg.startsWith('--user-data-dir='));
      expect(profile).toBeDefined();
      const browser = await chromium.connect(server.wsEndpoint());
      const page = await (await browser.newContext()).newPage();
      await page.setContent('<p>Prüfbuch</p>');
      await page.waitForTimeout(500);
      // Every process of this browser names its profile folder. A renderer rewrites its command line into one
      // string, so the lines are searched as text.
      const ours = readdirSync('/proc')
        .filter((pid) => /^\d+$/.test(pid))
        .map((pid) => commandLine(pid).join(' '))
        .filter((line) => line.includes(profile as string));
      expect(ours.some((line) => line.includes('--type=renderer'))).toBe(true);
      expect(ours.filter((line) => line.includes('--top-chrome-webui'))).toEqual([]);
      await browser.close();

      // Chromium keeps the last --disable-features only: it must hold Playwright's list and ours.
      const disabled =
        browserLine
          .filter((arg) => arg.startsWith('--disable-features='))
          .at(-1)
          ?.split('=')[1] ?? '';
      expect(disabled.split(',')).toEqual(expect.arrayContaining(['WebUIOmniboxPopup', 'PaintHolding', 'MediaRouter']));
    } finally {
      await server.close();
    }
  });
});
