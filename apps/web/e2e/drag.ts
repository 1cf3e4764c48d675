/**
 * Dragging with dnd-kit in the browser tests: a press that moves past its 6 px, boxes read once the board has
 * stopped moving, and points away from the window's edges, where dnd-kit scrolls the page under the pointer.
 */
import type { Locator, Page } from 'playwright-core';

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
