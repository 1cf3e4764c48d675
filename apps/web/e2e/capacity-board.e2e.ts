/**
 * Capacity planning (issue 14), the board: a planned card moves by keyboard, mouse and touch and the days'
 * utilisation follows; the weekend, the settings and their questions; the board at 390 px; a stale move. Planning
 * itself is in capacity-planning.e2e.ts. Screenshots land in test-results/.
 */
import { berlinToday } from '@pruefbuch/domain/rules/next-inspection';
import { WORK_AREAS, type WorkArea } from '@pruefbuch/domain/schemas/capacity';
import { describe, expect, it } from 'vitest';
import { board, planTuesday, setUp, shot, tuesdayAhead, utilisationOf } from './capacity-fixtures';
import { aimAt, dragByKeyboard, inMiddle, pickUp, settledBox } from './drag';
import { openAs, screenshot, settled, setUpBrowser, withTenant } from './fixtures';

const browser = setUpBrowser();

describe('the capacity board', () => {
  it('a planned card moves by keyboard, mouse and touch, the days’ utilisation follows, and the last move is undone', async () => {
    const { token, tenant, abnr, orderId } = await setUp();
    const slot = await planTuesday(tenant, token, orderId);
    const next = new Date(Date.parse(`${slot.date}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const page = await browser.newPage();
    await openAs(page, `/app/capacities?date=${slot.date}`, 'leiterfertigung@demo.test');
    const card = board(page).locator(`[data-testid="slot-card"][data-slot="${slot._id}"]`);
    await card.waitFor();
    await expect.poll(() => utilisationOf(page, slot.date)).not.toBe('');
    const before = { from: Number(await utilisationOf(page, slot.date)), to: Number(await utilisationOf(page, next)) };
    expect(before.from).toBeGreaterThan(0);
    await shot(page, 'board-1280');

    // Keyboard drag: pick up, one day to the right, drop.
    await dragByKeyboard(page, card, 'ArrowRight');
    const moved = board(page).locator(`[data-testid="slot-card"][data-slot="${slot._id}"]`);
    await expect.poll(() => moved.getAttribute('data-date'), { timeout: 10_000 }).toBe(next);
    expect(await moved.getAttribute('data-area')).toBe(slot.area);
    await expect
      .poll(async () => Number(await utilisationOf(page, slot.date)), { timeout: 10_000 })
      .toBeLessThan(before.from);
    expect(Number(await utilisationOf(page, next))).toBeGreaterThan(before.to);
    // The move was announced to screen readers.
    await expect
      .poll(() =>
        page
          .locator('[role="status"][aria-live]')
          .allTextContents()
          .then((t) => t.join(' ')),
      )
      .toContain(abnr);

    // Mouse drag: the card back to its first day, in its area (dnd-kit starts after 6 px of movement).
    const home = board(page).locator(`[data-testid="board-cell"][data-date="${slot.date}"][data-area="${slot.area}"]`);
    const to = await inMiddle(home);
    const from = await settledBox(moved);
    await pickUp(page, from, aimAt(to));
    // The cell under the pointer is marked as the target.
    await expect.poll(() => home.getAttribute('data-over')).toBe('true');
    // A copy of the card follows the pointer above the cells, whole (no cell clips it).
    const copy = await page.getByTestId('slot-card-dragged').boundingBox();
    expect(copy && Math.abs(copy.x + copy.width / 2 - (to.x + to.width / 2)) < from.width).toBe(true);
    expect(copy && Math.round(copy.height)).toBe(Math.round(from.height));
    await screenshot(page, 'capacity-dragging');
    await page.mouse.up();
    await expect.poll(() => moved.getAttribute('data-date'), { timeout: 10_000 }).toBe(slot.date);
    // Over the folded weekend there is no target (the Friday beside it is not marked), and let go there the
    // card stays where it was.
    await expect.poll(() => moved.getAttribute('data-area')).toBe(slot.area);
    const back = await inMiddle(moved);
    const strip = await settledBox(board(page).getByTestId('board-weekend'));
    await pickUp(page, back, { x: strip.x + strip.width / 2, y: back.y + back.height / 2 });
    await page.getByTestId('slot-card-dragged').waitFor();
    expect(await board(page).locator('[data-testid="board-cell"][data-over]').count()).toBe(0);
    await page.mouse.up();
    await page.getByTestId('slot-card-dragged').waitFor({ state: 'detached' });
    expect(await moved.getAttribute('data-date')).toBe(slot.date);
    expect(await moved.getAttribute('data-area')).toBe(slot.area);
    await expect.poll(async () => Number(await utilisationOf(page, slot.date)), { timeout: 10_000 }).toBe(before.from);
    expect(Number(await utilisationOf(page, next))).toBe(before.to);
    // Another work area's row is no target either (a card holds its area's work): let go there, it stays.
    const below = WORK_AREAS[WORK_AREAS.indexOf(slot.area as WorkArea) + 1] ?? 'profilbearbeitung';
    const other = board(page).locator(`[data-testid="board-cell"][data-date="${next}"][data-area="${below}"]`);
    const card1 = await inMiddle(moved);
    await pickUp(page, card1, aimAt(await settledBox(other)));
    await page.getByTestId('slot-card-dragged').waitFor();
    expect(await board(page).locator('[data-testid="board-cell"][data-over]').count()).toBe(0);
    await page.mouse.up();
    await page.getByTestId('slot-card-dragged').waitFor({ state: 'detached' });
    await page.waitForTimeout(300);
    expect(await moved.getAttribute('data-date')).toBe(slot.date);
    expect(await moved.getAttribute('data-area')).toBe(slot.area);

    // Touch drag, as on a tablet: press and hold, move to the next day, lift.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 1 });
    // The board reads the plan again after each move, and a card's conflict line may come or go with it: the
    // press must not start while the cards still shift (dnd-kit drops a touch that moves 5 px while held).
    await page.waitForLoadState('networkidle');
    const targetCell = board(page).locator(`[data-testid="board-cell"][data-date="${next}"][data-area="${slot.area}"]`);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number, y: number) =>
      cdp.send('Input.dispatchTouchEvent', {
        type,
        touchPoints: type === 'touchEnd' ? [] : [{ x: Math.round(x), y: Math.round(y) }],
      });
    const dragByTouch = async () => {
      const card2 = await inMiddle(moved);
      const target = await settledBox(targetCell);
      const start = { x: card2.x + card2.width / 2, y: card2.y + card2.height / 2 };
      const end = aimAt(target);
      await touch('touchStart', start.x, start.y);
      // Held until the board has picked the card up (its 250 ms hold): a fixed wait was too short on a busy
      // machine, where the page handled the press late and took the first moves as a swipe, dropping the touch.
      await page.getByTestId('slot-card-dragged').waitFor();
      for (let i = 1; i <= 12; i++) {
        await touch('touchMove', start.x + ((end.x - start.x) * i) / 12, start.y + ((end.y - start.y) * i) / 12);
      }
      // Lifted only over the marked target: on a busy machine the page may have scrolled or a conflict line come
      // in while the finger moved, so the finger follows the cell until the board marks it (as a hand would).
      let last = end;
      let nudge = 1;
      await expect
        .poll(
          async () => {
            const box = await targetCell.boundingBox();
            if (box) last = aimAt(box);
            // A pixel to and fro each time: a touch that did not move sends no touchmove.
            nudge = -nudge;
            await touch('touchMove', last.x + nudge, last.y);
            return targetCell.getAttribute('data-over');
          },
          { timeout: 10_000 },
        )
        .toBe('true');
      await touch('touchEnd', last.x, last.y);
    };
    await dragByTouch();
    // Once in CI (2026-12-02) the lift over the marked cell left the card where it was. A refused move says so and
    // fails the test below; without that, the emulated touch was lost on a loaded machine, and the gesture is made
    // again, as a hand would.
    const arrived = () => expect.poll(() => moved.getAttribute('data-date'), { timeout: 10_000 }).toBe(next);
    await arrived().catch(async () => {
      expect(await page.getByTestId('slot-card-dragged').count()).toBe(0);
      // A refused move says so ('Fehler beim Speichern'): then the app is at fault, and the test fails here.
      expect(await page.locator('.mantine-Notification-root').allTextContents()).not.toContainEqual(
        expect.stringContaining('Fehler beim Speichern'),
      );
      await page.waitForLoadState('networkidle');
      await dragByTouch();
      await arrived();
    });
    await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: false });

    // Each move says what it did and can be taken back: the last one ('Rückgängig') returns the card.
    const undo = page.getByTestId('toast-undo').last();
    await undo.waitFor();
    expect(await page.locator('.mantine-Notification-root').last().textContent()).toContain(`${abnr} (`);
    await undo.click();
    await expect.poll(() => moved.getAttribute('data-date'), { timeout: 10_000 }).toBe(slot.date);
    expect(await moved.getAttribute('data-area')).toBe(slot.area);
    await page.getByText(`${abnr} wieder am`, { exact: false }).first().waitFor();
  });

  it('the weekend unfolds and folds; the settings show the holidays and the protocol, and ask before input is lost', async () => {
    // The set-up saves employees through the API: the settings' protocol then has a change to list.
    await setUp();
    const page = await browser.newPage();
    await openAs(page, `/app/capacities?date=${tuesdayAhead()}`, 'leiterfertigung@demo.test');
    await board(page).waitFor();
    // The weekend unfolds to seven columns with short weekday names, and folds again.
    const days = board(page).getByTestId('board-day');
    expect(await days.count()).toBe(5);
    await board(page).getByTestId('board-weekend').click();
    await expect.poll(() => days.count()).toBe(7);
    expect(await days.first().locator('p').first().textContent()).toMatch(/^Mo \d\d\.\d\d\.$/);
    await board(page).getByTestId('board-weekend-hide').click();
    await expect.poll(() => days.count()).toBe(5);

    // The settings show the public holidays of this year and, a click away, of the next (Hesse: New Year first).
    await page.getByTestId('capacity-settings-open').click();
    await page.getByTestId('capacity-settings-holidays-tab').click();
    const holidays = page.getByTestId('settings-public-holidays');
    const year = Number(berlinToday().slice(0, 4));
    await expect.poll(() => holidays.locator('tr').first().textContent()).toContain(`01.01.${year}`);
    await page
      .getByTestId('settings-holidays-year')
      .getByText(String(year + 1))
      .click();
    await expect.poll(() => holidays.locator('tr').first().textContent()).toContain(`01.01.${year + 1}`);

    // The protocol tab lists the settings' changes.
    await page.getByTestId('capacity-settings-protocol-tab').click();
    await page.getByTestId('protocol-row').first().waitFor();
    expect(await page.getByTestId('capacity-settings').textContent()).toContain('Mitarbeiter');

    // Unsaved input: Escape leaves the drawer open, closing it asks, 'stay' keeps the input.
    const drawer = page.getByRole('dialog', { name: 'Einstellungen der Kapazitätsplanung' });
    await page.getByTestId('capacity-settings-holidays-tab').click();
    await page.getByRole('button', { name: 'Feiertag hinzufügen' }).click();
    await page.keyboard.press('Escape');
    await page.waitForTimeout(300);
    expect(await drawer.isVisible()).toBe(true);
    await drawer.getByRole('button', { name: 'Schließen', exact: true }).click();
    await page.getByTestId('unsaved-stay').click();
    expect(await drawer.isVisible()).toBe(true);
    await drawer.getByRole('button', { name: 'Schließen', exact: true }).click();
    await page.getByTestId('unsaved-leave').click();
    await drawer.waitFor({ state: 'hidden' });
  });

  it('at 390 px the days stack and the page does not scroll sideways', async () => {
    const { token, tenant, orderId } = await setUp();
    const slot = await planTuesday(tenant, token, orderId);
    const phone = await browser.newPage({ width: 390 });
    await openAs(phone, `/app/capacities?date=${slot.date}`, 'leiterfertigung@demo.test');
    await board(phone).locator('[data-testid="slot-card"]').first().waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await shot(phone, 'board-390');
  });

  it('a move of a card changed meanwhile is refused with the conflict message, and the board reloads', async () => {
    const { token, tenant, abnr, orderId } = await setUp();
    // A Tuesday ahead, planned by hand through the API.
    const tuesday = tuesdayAhead();
    const slot = await withTenant<{ _id: string; __v: number }>('PUT', '/capacity/put/saveNewTimeslot', tenant, token, {
      orderId,
      date: tuesday,
      area: 'versand',
      minutes: 30,
    });
    const page = await browser.newPage();
    await openAs(page, `/app/capacities?date=${tuesday}`, 'leiterfertigung@demo.test');
    const card = board(page).locator(`[data-testid="slot-card"][data-slot="${slot._id}"]`);
    await card.waitFor();
    expect(await card.getAttribute('data-abnr')).toBe(abnr);
    // Someone else marks it done and open again meanwhile: its version moves on.
    const done = await withTenant<{ __v: number }>('PUT', '/capacity/put/finishTimeslot', tenant, token, {
      _id: slot._id,
      __v: slot.__v,
      finished: true,
    });
    await withTenant('PUT', '/capacity/put/finishTimeslot', tenant, token, {
      _id: slot._id,
      __v: done.__v,
      finished: false,
    });

    await dragByKeyboard(page, card, 'ArrowRight');
    await page.getByText('Die Planung wurde zwischenzeitlich geändert und wird neu geladen.').first().waitFor();
    // The board is read again (the card's new version with it): the card stays on its day.
    await settled(page);
    expect(
      await board(page).locator(`[data-testid="slot-card"][data-slot="${slot._id}"]`).getAttribute('data-date'),
    ).toBe(tuesday);

    // Marked done from its menu, the card says so; the month shows the day, and a click on it opens its week.
    const again = board(page).locator(`[data-testid="slot-card"][data-slot="${slot._id}"]`);
    await again.getByTestId('slot-menu').click();
    await page.getByTestId('slot-finish').click();
    await expect.poll(() => again.textContent()).toContain('erledigt');
    await page.getByTestId('capacity-view').getByText('Monat').click();
    await page.getByTestId('month-grid').waitFor();
    await page.locator(`[data-testid="month-day"][data-date="${tuesday}"]`).click();
    await board(page).locator(`[data-testid="slot-card"][data-slot="${slot._id}"]`).waitFor();
    expect(new URL(page.url()).searchParams.get('date')).toBe(tuesday);
  });
});
