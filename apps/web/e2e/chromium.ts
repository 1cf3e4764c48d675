/**
 * How the browser tests and the benches start Debian's Chromium (never a downloaded one), decision 080.
 *
 * Headless Chromium is the whole browser without a screen: each new page also gets an address bar, whose
 * suggestion popup is a web page of its own (chrome://omnibox-popup), built in a renderer of its own for every
 * page. A new page on a blank document cost 1.9 s of CPU with it and 0.8 s without (2 cores), and the page under
 * test competed with it: the cold order list showed in 1,520 ms with it, 858 ms without (`bench/first-paint.ts`).
 * No test uses the address bar, so the popup's features are turned off.
 */
import { readFileSync } from 'node:fs';
import { chromium, type LaunchOptions } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'];

/** The address bar's popup as a web page (see above): its plain, full and AI-mode variants. */
const UNUSED_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxFullPopup', 'WebUIOmniboxAimPopup'];

const DISABLE_FEATURES = '--disable-features=';

/**
 * The features Playwright turns off itself. Chromium keeps only the last `--disable-features` it is given, so ours
 * must repeat Playwright's, which change with its version: they are read off the command line of a browser it
 * starts (Linux's /proc; /usr/bin/chromium execs the binary, so the pid is the browser's).
 */
async function playwrightsDisabledFeatures(): Promise<string[]> {
  const probe = await chromium.launchServer({ executablePath: CHROMIUM_PATH, args: ['--no-sandbox'] });
  try {
    const pid = probe.process().pid;
    const line = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    const features = line.filter((arg) => arg.startsWith(DISABLE_FEATURES)).at(-1);
    return features ? features.slice(DISABLE_FEATURES.length).split(',').filter(Boolean) : [];
  } finally {
    await probe.close();
  }
}

let options: Promise<LaunchOptions> | undefined;

/** The launch options of every browser the tests and benches start (read once per process). */
export function chromiumOptions(): Promise<LaunchOptions> {
  options ??= playwrightsDisabledFeatures().then((theirs) => ({
    executablePath: CHROMIUM_PATH,
    args: [...ARGS, `${DISABLE_FEATURES}${[...new Set([...theirs, ...UNUSED_FEATURES])].join(',')}`],
  }));
  return options;
}
