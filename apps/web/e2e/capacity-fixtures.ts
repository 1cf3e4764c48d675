/** What the capacity planning's browser tests share: the demo tenant set up for planning, the board and its days. */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { adminInDemoTenant, isoDay, screenshot, withTenant } from './fixtures';

/** The weekday of an ISO day (0 Sunday … 6 Saturday). */
export const weekdayOf = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay();
/** A Tuesday one to two weeks after Berlin's today: a working day the board shows with days on both sides. */
export const tuesdayAhead = () => isoDay(7 + ((2 - weekdayOf(isoDay()) + 7) % 7));
export const run = randomUUID().slice(0, 6);

export const shot = (page: Page, name: string) => screenshot(page, `capacity-${name}`, { fullPage: true });

type Settings = {
  _id: string;
  __v: number;
  bundesland: string;
  mitarbeiter: unknown[];
  betriebsurlaub: unknown[];
  lokaleFeiertage: unknown[];
};

/** The demo tenant with a full day of work in every area, and an order of this run that needs production time. */
export async function setUp() {
  const { token, tenant } = await adminInDemoTenant();
  const settings = await withTenant<Settings>('GET', '/capacity', tenant, token);
  const day = { montag: 480, dienstag: 480, mittwoch: 480, donnerstag: 480, freitag: 480 };
  const areas = ['profilbearbeitung', 'antrieb', 'verglasen', 'versand', 'sonstiges'];
  await withTenant('PUT', `/capacity/${settings._id}`, tenant, token, {
    bundesland: settings.bundesland,
    betriebsurlaub: settings.betriebsurlaub,
    lokaleFeiertage: settings.lokaleFeiertage,
    mitarbeiter: [
      ...settings.mitarbeiter,
      ...areas.map((bereich) => ({
        name: `E2E ${bereich} ${run}`,
        bereich,
        arbeitszeit: day,
        abwesenheiten: [],
        aktiv: true,
      })),
    ],
    __v: settings.__v,
  });
  const abnr = `AB-${run}`;
  const order = await withTenant<{ _id: string }>('POST', '/orders', tenant, token, {
    objekt: `Werkhalle ${run}`,
    kunde: 'E2E Kunde',
    abnr,
    tuer: { tuertyp: 'dreher', antrieb: '', fluegel: 'FL2', stromart: '', komponenten: [] },
  });
  return { token, tenant, abnr, orderId: order._id };
}

export const board = (page: Page) => page.getByTestId('week-board');
export const utilisationOf = (page: Page, date: string) =>
  board(page)
    .locator(`[data-testid="board-day"][data-date="${date}"] [data-testid="utilisation"]`)
    .first()
    .getAttribute('data-utilisation');

/** The order's drive work planned by hand through the API on a Tuesday ahead, as the board shows it with days on both sides. */
export async function planTuesday(tenant: string, token: string, orderId: string) {
  const date = tuesdayAhead();
  const slot = await withTenant<{ _id: string; __v: number }>('PUT', '/capacity/put/saveNewTimeslot', tenant, token, {
    orderId,
    date,
    area: 'antrieb',
    minutes: 100,
  });
  return { ...slot, date, area: 'antrieb' };
}
