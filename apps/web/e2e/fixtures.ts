import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { STORAGE_KEYS } from '@pruefbuch/domain/constants';
import { berlinToday } from '@pruefbuch/domain/rules/next-inspection';
import type { LoginReply } from '@pruefbuch/domain/schemas/auth';
import type { WorkArea } from '@pruefbuch/domain/schemas/capacity';
import { type Browser, chromium, type Download, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject, onTestFinished } from 'vitest';
import { pickTenant, sessionFromLogin } from '../src/lib/session';

/** The folder of the screenshots: test-results/, or another (E2E_SHOTS=<folder>). */
const SHOTS_DIR = process.env.E2E_SHOTS && process.env.E2E_SHOTS !== 'off' ? process.env.E2E_SHOTS : 'test-results';
/** Whether the screenshots for people to look at are taken (not with E2E_SHOTS=off); a failing test's always are. */
const SHOTS_TAKEN = process.env.E2E_SHOTS !== 'off';

async function shotInto(page: Page, name: string, opts: Parameters<Page['screenshot']>[0] = {}) {
  mkdirSync(SHOTS_DIR, { recursive: true });
  await page.screenshot({ ...opts, path: path.join(SHOTS_DIR, `${name}.png`) });
}

/** This worker's one of a list e2e/global-setup.ts made per worker. */
const ofThisWorker = (list: string[]) => list[(Number(process.env.VITEST_POOL_ID ?? 1) - 1) % list.length] as string;
/** The server of this worker (e2e/global-setup.ts starts one per worker). */
export const baseUrl = () => ofThisWorker(inject('baseUrls'));
export const DEMO_PASSWORD = 'pruefbuch';

/**
 * A day `offset` days from Berlin's today, as YYYY-MM-DD: the server's days are Berlin's, and between 23:00
 * and 24:00 UTC (22:00 in summer) the machine's own date is a day behind them.
 */
export const isoDay = (offset = 0) =>
  new Date(Date.parse(`${berlinToday()}T12:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
/** The same day as the date fields take it (DD.MM.YYYY). */
export const germanDay = (offset = 0) => isoDay(offset).split('-').reverse().join('.');

/** The worker's Chromium (e2e/global-setup.ts), connected to for the test file; a fresh context per page. */
export function setUpBrowser() {
  let browser: Browser;
  const open = new Set<Page>();
  /** Pages kept for the whole file (newPage with keep): screenshotted on a failure, closed with the browser. */
  const kept = new Set<Page>();
  beforeAll(async () => {
    browser = await chromium.connect(ofThisWorker(inject('browserEndpoints')));
  });
  // A failing test leaves a screenshot of every page it had open (in test-results/, or E2E_SHOTS), also in CI.
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail') {
      let i = 0;
      for (const page of [...open, ...kept]) {
        if (!page.isClosed()) await shotInto(page, `${ctx.task.name.replace(/\W+/g, '-')}-${i++}`);
      }
    }
    for (const page of open) if (!page.isClosed()) await page.context().close();
    open.clear();
  });
  // Closing a connected browser closes the file's contexts and disconnects; the browser stays for the next file.
  afterAll(async () => {
    await browser?.close();
  });
  return {
    /**
     * A page in a fresh browser context, closed after the test. With `keep`, the page lives until the file
     * ends: a test that signs in one account after another (openAs replaces the session) then loads the
     * app's files once, as a person's browser would, instead of once per account.
     */
    async newPage(
      opts: {
        width?: number;
        locale?: string;
        keep?: boolean;
        serviceWorkers?: 'allow' | 'block';
        /** A phone's touch screen: coarse pointer, touch events. */
        touch?: boolean;
        /** The system's motion setting: 'reduce' unless a test is about the motion itself (see below). */
        reducedMotion?: 'reduce' | 'no-preference';
      } = {},
    ): Promise<Page> {
      const context = await browser.newContext({
        baseURL: baseUrl(),
        viewport: { width: opts.width ?? 1280, height: 900 },
        locale: opts.locale ?? 'de-DE',
        // The app's service worker (decision 060) precaches every screen after the first one: a test of the
        // screens needs none of that, so only the test of the worker itself lets it in.
        serviceWorkers: opts.serviceWorkers ?? 'block',
        ...(opts.touch ? { hasTouch: true, isMobile: true } : {}),
        // Asked for less motion, the app leaves out its transitions and animations (app/reduced-motion.css):
        // no test then waits for a menu or a modal to fade in, and the browser draws fewer frames.
        reducedMotion: opts.reducedMotion ?? 'reduce',
      });
      const page = await context.newPage();
      (opts.keep ? kept : open).add(page);
      return page;
    },
  };
}

/**
 * A screenshot of the screen at hand, for a person to look at (`<name>.png`). CI takes none: nobody looks at them
 * there, and each cost about 0.6 s of the browser's CPU on two cores (orders.e2e.ts: 64 s with its 16, 54 s without).
 * A failing test's screenshots are taken anyway (setUpBrowser).
 */
export async function screenshot(
  page: Page,
  name: string,
  opts: { fullPage?: boolean; clip?: { x: number; y: number; width: number; height: number } } = {},
) {
  if (SHOTS_TAKEN) await shotInto(page, name, opts);
}

/**
 * A download saved to a file of its own, for reading it: the browser is the worker's (e2e/global-setup.ts),
 * connected to, so the copy it keeps itself has no local path. The file's folder goes when the test ends.
 */
export async function downloadedFile(download: Download): Promise<string> {
  const folder = mkdtempSync(path.join(tmpdir(), 'pruefbuch-download-'));
  onTestFinished(() => rmSync(folder, { recursive: true, force: true }));
  const file = path.join(folder, download.suggestedFilename());
  await download.saveAs(file);
  return file;
}

/** A call to the API as a test sets up its data; throws on anything but 2xx. */
export async function api<T>(method: string, url: string, body?: unknown, token?: string): Promise<T> {
  const res = await fetch(`${baseUrl()}/api/v1${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** The same, in a tenant (the x-tenant header). */
export async function withTenant<T>(
  method: string,
  url: string,
  tenant: string,
  token: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${baseUrl()}/api/v1${url}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-tenant': tenant },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** A day of capacity planning's week view: each area's employee time and the orders' time on it, in minutes. */
export type CapacityDay = {
  date: string;
  employeeTime: Record<WorkArea, number>;
  ordersTime: Record<WorkArea, number>;
};

/** The capacity of `date` as the week view answers it. */
export async function capacityDay(tenant: string, token: string, date: string): Promise<CapacityDay> {
  const week = await withTenant<{ days: CapacityDay[] }>(
    'GET',
    `/capacity/get/capacityForWeekFromDate?date=${date}`,
    tenant,
    token,
  );
  const day = week.days.find((d) => d.date === date);
  if (!day) throw new Error(`no capacity answered for ${date}`);
  return day;
}

/**
 * Books `orderId` on `date` in `area` for all of that day's free time and `over` minutes more, so the day is over
 * its time by `over`; returns the minutes booked.
 */
export async function overbook(
  tenant: string,
  token: string,
  slot: { orderId: string; date: string; area: WorkArea },
  over: number,
): Promise<number> {
  const day = await capacityDay(tenant, token, slot.date);
  const minutes = day.employeeTime[slot.area] - day.ordersTime[slot.area] + over;
  await withTenant('PUT', '/capacity/put/saveNewTimeslot', tenant, token, { ...slot, minutes });
  return minutes;
}

/** The demo admin's access token, for setting up data through the API. */
export async function adminToken() {
  const admin = await api<{ token: string }>('POST', '/users/login', {
    email: 'admin@demo.test',
    password: DEMO_PASSWORD,
  });
  return admin.token;
}

/** A fresh, verified account made through the admin API, for tests that change an account. */
export async function createAccount(role = 3, password = 'start-pw-1', tenants: string[] = []) {
  const email = `e2e${randomUUID().slice(0, 8)}@demo.test`;
  const user = await api<{ _id: string }>(
    'PUT',
    '/users',
    { firstName: 'Erika', lastName: 'Mustermann', email, role, abbreviation: 'EM', password, tenants },
    await adminToken(),
  );
  return { email, password, id: user._id };
}

/**
 * Opens a select in the middle of the screen, so that its list opens within the screen. An option below the fold
 * made the click scroll the page, the list moved with its field, and in one CI run the option then stayed 'not
 * visible' for the click's 30 s.
 */
async function openSelect(page: Page, testId: string) {
  const input = page.getByTestId(testId);
  await input.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await input.click();
  return input;
}

/** Picks an option of a Mantine select by its name, typing part of it first into a searchable one. */
export async function choose(page: Page, testId: string, option: RegExp | string, typed?: string) {
  const input = await openSelect(page, testId);
  if (typed) await input.fill(typed);
  await page.getByRole('option', { name: option }).filter({ visible: true }).first().click();
}

/** Types into a code picker and takes the option of `code`. */
export async function pick(page: Page, testId: string, search: string, code: string) {
  const input = await openSelect(page, testId);
  await input.fill(search);
  await page.getByRole('option').filter({ hasText: code, visible: true }).first().click();
}

/**
 * Opens `path` signed in as `email`, for tests whose subject is not the sign-in: the sign-in goes
 * through the API and the session is stored as the login screen stores it (lib/session startSession),
 * so the app boots once, on `path`, instead of on the login screen, the landing screen and `path`.
 * The sign-in form itself, and the landing after it, are tested in auth.e2e.ts and locations.e2e.ts.
 */
export async function openAs(page: Page, path: string, email: string, password = DEMO_PASSWORD) {
  const reply = await api<LoginReply>('POST', '/users/login', { email, password });
  const stored: [string, string][] = [
    [STORAGE_KEYS.accessToken, reply.token],
    [STORAGE_KEYS.refreshToken, reply.refreshToken],
    [STORAGE_KEYS.session, JSON.stringify(sessionFromLogin(reply))],
  ];
  const tenant = pickTenant(reply.tenants, null);
  if (tenant) stored.push([STORAGE_KEYS.currentTenant, tenant]);
  // Any page of the app's origin will do to write its storage; the health check boots nothing.
  await page.goto('/api/v1/health');
  await page.evaluate((entries) => {
    localStorage.clear();
    for (const [key, value] of entries) localStorage.setItem(key, value);
  }, stored);
  await page.goto(path);
}

export async function login(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/app/admin/login');
  await page.getByLabel(/E-Mail/i).fill(email);
  await page.locator('input[autocomplete="current-password"]').fill(password);
  await page.getByRole('button', { name: /^Anmelden$/ }).click();
}

/**
 * Waits until the screen's data has loaded: the main region has not been aria-busy (a query or a save in
 * flight) for 150 ms, so a query that starts another is waited for too. Cheaper than a quiet network,
 * which always costs half a second.
 */
export async function settled(page: Page, timeout = 30_000) {
  await page.evaluate(() => {
    delete (window as Window & { __quietSince?: number }).__quietSince;
  });
  await page.waitForFunction(
    () => {
      const w = window as Window & { __quietSince?: number };
      if (document.querySelector('main')?.getAttribute('aria-busy') !== 'false') {
        w.__quietSince = undefined;
        return false;
      }
      w.__quietSince ??= performance.now();
      return performance.now() - w.__quietSince >= 150;
    },
    undefined,
    { polling: 50, timeout },
  );
}

/** An admin's token and the demo tenant 'Türservice Rhein-Main', for tests that set up data through the API. */
export async function adminInDemoTenant() {
  const token = await adminToken();
  const tenants = await api<{ docs: { _id: string }[] }>('GET', '/tenants?search=Rhein-Main', undefined, token);
  const tenant = tenants.docs[0]?._id;
  if (!tenant) throw new Error('demo tenant missing');
  return { token, tenant };
}

/** Draws a stroke across a signature canvas with the mouse, as a person signs. */
export async function sign(page: Page, testId: string) {
  const canvas = page.locator(`canvas[data-testid="${testId}"], [data-testid="${testId}"] canvas`).first();
  await canvas.scrollIntoViewIfNeeded();
  const box = await canvas.boundingBox();
  if (!box) throw new Error('signature canvas not visible');
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++) {
    await page.mouse.move(box.x + 20 + i * 20, box.y + box.height / 2 + (i % 2 ? -15 : 15), { steps: 3 });
  }
  await page.mouse.up();
}

/** A signature's image as the API takes it: a 1×1 PNG. */
const SIGNATURE_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

/** A new book of the demo tenant with one finalized inspection, made through the API as the admin. */
export async function bookWithFinalizedRecord(fields: { title: string; customer: string }) {
  type Record = { _id: string; __v: number; checklist: { item: string; result: string | null }[] };
  const { token, tenant } = await adminInDemoTenant();
  const book = await withTenant<{ _id: string }>('POST', '/books', tenant, token, fields);
  const draft = await withTenant<Record>('POST', '/inspections', tenant, token, {
    book: book._id,
    kind: 'inspection',
    when: isoDay(-1),
    who: 'Anna Admin',
    text: 'Jahresprüfung ohne Befund.',
  });
  const put = await withTenant<Record>('PUT', `/inspections/${draft._id}`, tenant, token, {
    __v: draft.__v,
    checklist: draft.checklist.map((c) => ({ ...c, result: 'ok' })),
    continuedOperation: true,
    inspectorSignature: { name: 'Anna Admin', image: SIGNATURE_PNG },
  });
  await withTenant('POST', `/inspections/${put._id}/finalize`, tenant, token, { __v: put.__v });
  return { token, tenant, bookId: book._id, recordId: draft._id };
}
