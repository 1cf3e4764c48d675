/** The retired books' list of the page: searched and paged in the browser (the server sends them all, at most 500). */
import type { RetiredBook } from '@pruefbuch/domain/schemas/retention';

/** The books whose title, customer, site or serial number holds every word of the search (without case). */
export function searchRetired(books: readonly RetiredBook[], search: string): RetiredBook[] {
  const words = search.toLocaleLowerCase('de').split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...books];
  return books.filter((b) => {
    const text = [b.title, b.customer, b.site, b.glasbocknr].join(' ').toLocaleLowerCase('de');
    return words.every((w) => text.includes(w));
  });
}

/** One page of the list as the list kit reads a server's page: its rows, the total and the page count. */
export function pageOf<T>(rows: readonly T[], page: number, size: number) {
  const pages = Math.max(1, Math.ceil(rows.length / size));
  const current = Math.min(Math.max(page, 1), pages);
  return { docs: rows.slice((current - 1) * size, current * size), total: rows.length, pages };
}
