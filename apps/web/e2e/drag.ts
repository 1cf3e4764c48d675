/**
 * Dragging with dnd-kit in the browser tests: a press that moves past its 6 px, boxes read once the board has
 * stopped moving, and points away from the window's edges, where dnd-kit scrolls the page under the pointer.
 */
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** Presses the mouse on the card, moves past dnd-kit's 6 px to start the drag, and on to `to`; not let go. */
export async function pickUp(
  page: Page,
  card: { x: number; y: number; width: number; height: number },
  to: { x: number; y: number },
) {
  const x = card.x + card.width / 2;
  const y = card.y + card.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + 12, y, { steps: 4 });
  await page.mouse.move(to.x, to.y, { steps: 12 });
}

/** The element's box once it has stopped moving (a read of the plan that lands re-lays the board out). */
export async function settledBox(target: Locator) {
  let last = '';
  for (let i = 0; i < 50; i++) {
    const box = await target.boundingBox();
    const now = JSON.stringify(box);
    if (box && now === last) return box;
    last = now;
    await target.page().waitForTimeout(100);
  }
  throw new Error('the element did not come to rest');
}

/**
 * Scrolls the element to the window's middle and answers its box once it has come to rest: a drag that starts
 * or ends near the window's top or foot makes dnd-kit scroll the page under the pointer.
 */
export async function inMiddle(target: Locator) {
  await target.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  return settledBox(target);
}

/**
 * Where to let go over a cell: across its middle, but near its top. A cell runs as tall as the busiest day of its
 * row, and its middle can sit at the foot of the window, where dnd-kit scrolls the page while the pointer rests
 * there, so the pointer ended over the row below.
 */
export const aimAt = (box: { x: number; y: number; width: number; height: number }) => ({
  x: box.x + box.width / 2,
  y: box.y + Math.min(box.height / 2, 36),
});

/** What the board's live region says now (dnd-kit's announcements). */
const announced = (page: Page) =>
  page
    .locator('[role="status"][aria-live]')
    .allTextContents()
    .then((t) => t.join(' '));

/**
 * A drag by keyboard: Space picks the focused card up, `key` moves it one step, Space drops it. Each key waits
 * until the board has announced the step before: dnd-kit listens for the arrow keys only once the pick-up has
 * rendered, and a busy machine took longer than a fixed pause. A pick-up is announced, then at once the cell the
 * card is over ('Auftrag … aufgenommen.', then 'Über Dienstag, …').
 */
export async function dragByKeyboard(page: Page, card: Locator, key: string) {
  const before = await announced(page);
  await card.focus();
  await page.keyboard.press('Space');
  await expect
    .poll(() => announced(page), { message: 'the board announces the pick-up, then the cell under the card' })
    .toSatisfy((said: string) => said !== before && !said.includes('aufgenommen'));
  const over = await announced(page);
  await page.keyboard.press(key);
  await expect.poll(() => announced(page), { message: 'the board announces the move' }).not.toBe(over);
  await page.keyboard.press('Space');
}
