import type { KeyboardCoordinateGetter } from '@dnd-kit/core';

/**
 * Arrow keys jump from cell to cell (the nearest cell in that direction), so a card moves by keyboard in one
 * press per day or area instead of a few pixels at a time.
 */
export const cellCoordinates: KeyboardCoordinateGetter = (event, { context }) => {
  const step = ({ ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1] } as const)[
    event.code as 'ArrowRight'
  ];
  const { collisionRect, droppableRects, droppableContainers, over } = context;
  if (!step || !collisionRect) return undefined;
  event.preventDefault();
  const from = over ? droppableRects.get(over.id) : null;
  const cx = from ? from.left + from.width / 2 : collisionRect.left + collisionRect.width / 2;
  const cy = from ? from.top + from.height / 2 : collisionRect.top + collisionRect.height / 2;
  let best: { left: number; top: number; width: number; height: number } | null = null;
  let bestScore = Number.POSITIVE_INFINITY;
  for (const container of droppableContainers.getEnabled()) {
    if (container.id === over?.id) continue;
    const rect = droppableRects.get(container.id);
    if (!rect) continue;
    const dx = rect.left + rect.width / 2 - cx;
    const dy = rect.top + rect.height / 2 - cy;
    const along = dx * step[0] + dy * step[1];
    if (along <= 1) continue;
    const across = Math.abs(dx * step[1]) + Math.abs(dy * step[0]);
    const score = along + across * 4;
    if (score < bestScore) {
      bestScore = score;
      best = rect;
    }
  }
  if (!best) return undefined;
  return {
    x: best.left + best.width / 2 - collisionRect.width / 2,
    y: best.top + Math.min(best.height / 2, 24) - collisionRect.height / 2,
  };
};
