import { STORAGE_KEYS } from '@pruefbuch/domain/constants';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, setUpBrowser } from './fixtures';

const browser = setUpBrowser();

const RESET_KEY = 'Zx9aQ2mLk7Pq4Rt8Vw1Yb3Nc6Df0Gh5Jk2Lm9Np4Qr7';
const EMAIL = 'erika.mustermann@example.org';

interface Item {
  type: string;
  payload: string;
}

/** The items of the envelopes a page sent: a header line, then per item a header and a payload line. */
function itemsOf(envelopes: string[]): Item[] {
  return envelopes.flatMap((body) => {
    const lines = body.split('\n');
    const items: Item[] = [];
    for (let i = 1; i + 1 < lines.length; i += 2) {
      const header = JSON.parse(lines[i] ?? '{}') as { type?: string };
      items.push({ type: header.type ?? '', payload: lines[i + 1] ?? '' });
      // A replay recording is its own header line plus the recorded events.
      if (header.type === 'replay_recording') break;
    }
    return items;
  });
}

/**
 * The server of this suite names no tracker, so the page's question for its settings is answered with a
 * DSN on the app's own address (which the page's CSP allows), and the page's envelopes are taken there:
 * a local receiver, in the browser's network layer.
 */
async function withTracker(page: Page) {
  const envelopes: string[] = [];
  let release = '';
  await page.route('**/api/v1/client-config', async (route) => {
    const response = await route.fetch();
    const config = (await response.json()) as { release: string };
    release = config.release;
    const dsn = `${baseUrl().replace('://', '://publickey@')}/1`;
    await route.fulfill({ response, json: { ...config, sentryDsn: dsn } });
  });
  await page.route(/\/api\/1\/envelope\//, async (route) => {
    envelopes.push(route.request().postData() ?? '');
    await route.fulfill({ status: 200, json: {} });
  });
  return { envelopes, items: () => itemsOf(envelopes), release: () => release };
}

const errorsIn = (items: Item[]) =>
  items
    .filter((i) => i.type === 'event')
    .map(
      (i) =>
        JSON.parse(i.payload) as {
          release: string;
          request?: { url?: string };
          exception?: { values?: { value?: string }[] };
        },
    );

describe('error tracking', () => {
  it('loads the tracker after the first screen and sends the page’s errors without the link’s key or personal data', async () => {
    const page = await browser.newPage();
    const tracker = await withTracker(page);
    const sdkLoaded = page.waitForResponse(/\/assets\/error-tracking-sdk-[\w-]+\.js$/);
    // A password-reset link: its key is in the address.
    await page.goto(`/app/admin/reset/finish?key=${RESET_KEY}`);
    // An error of the first moments, before the tracker is there: kept and sent later.
    await page.evaluate(() => setTimeout(() => Promise.reject(new Error('early failure'))));
    await sdkLoaded;
    // The SDK is running once its first envelope (the session) has gone out.
    await expect.poll(() => tracker.envelopes.length, { timeout: 20_000 }).toBeGreaterThan(0);
    await page.evaluate(
      (email) =>
        setTimeout(() => {
          throw new Error(`late failure for ${email}`);
        }),
      EMAIL,
    );

    await expect
      .poll(() => errorsIn(tracker.items()).flatMap((e) => e.exception?.values?.map((v) => v.value) ?? []), {
        timeout: 20_000,
      })
      .toEqual(expect.arrayContaining(['early failure', 'late failure for [email]']));
    for (const event of errorsIn(tracker.items())) {
      expect(event.release).toBe(tracker.release());
      expect(event.request?.url).toBe(`${baseUrl()}/app/admin/reset/finish`);
    }
    // The session with the error is replayed (SPEC §9: 1 on error), its recording scrubbed too.
    await expect.poll(() => tracker.items().some((i) => i.type === 'replay_recording'), { timeout: 20_000 }).toBe(true);
    const everything = tracker.envelopes.join('\n');
    expect(everything).not.toContain(RESET_KEY);
    expect(everything).not.toContain(EMAIL);
  });
});

describe('browser-update notice', () => {
  const OLD_CHROME =
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/100.0.4896.127 Safari/537.36';
  const CURRENT_CHROME = OLD_CHROME.replace('100.0.4896.127', '156.0.8078.108');
  /** A page that calls itself browser `ua` (the engine stays the current one; a headless one is never told). */
  async function pageAs(ua: string, language: 'de' | 'en' = 'de') {
    const page = await browser.newPage();
    await page.addInitScript(
      ([agent, key, lang]) => {
        Object.defineProperty(navigator, 'userAgent', { get: () => agent });
        try {
          localStorage.setItem(key, lang);
        } catch {
          // a document without storage
        }
      },
      [ua, STORAGE_KEYS.language, language] as const,
    );
    return page;
  }

  it('tells an outdated browser in German, an insecure one in English when the app speaks English', async () => {
    // Chrome 137: older than the newest three; Chrome 100: with known exploited holes as well.
    const de = await pageAs(OLD_CHROME.replace('100.0.4896.127', '137.0.7151.40'), 'de');
    await de.goto('/app/admin/login');
    const deBar = de.locator('#buorg');
    await deBar.getByText('Ihr Browser (Chrome 137) ist veraltet.').waitFor({ timeout: 20_000 });
    expect(await deBar.getByText('Browser aktualisieren').isVisible()).toBe(true);
    // The bar's icon would come from browser-update.org, which the CSP refuses: it is removed.
    expect(await deBar.locator('.buorg-icon').count()).toBe(0);
    const en = await pageAs(OLD_CHROME, 'en');
    await en.goto('/app/admin/login');
    await en.locator('#buorg').getByText('Your browser (Chrome 100) has a known security vulnerability.').waitFor({
      timeout: 20_000,
    });
  });

  it('says nothing to a current browser', async () => {
    const page = await pageAs(CURRENT_CHROME);
    const checked = page.waitForResponse(/\/assets\/update\.npm\.full-[\w-]+\.js$/, { timeout: 20_000 });
    await page.goto('/app/admin/login');
    await checked;
    await page.waitForTimeout(500);
    expect(await page.locator('#buorg').count()).toBe(0);
  });
});
