import { MAX_PAGE_SIZE } from '@pruefbuch/domain/constants';
import type { BookListItem } from '@pruefbuch/domain/schemas/book';
import { MAX_LABEL_BOOKS } from '@pruefbuch/domain/schemas/qr';
import { api } from '@/lib/api-client';

interface Page {
  docs: BookListItem[];
  pages: number;
}

/**
 * The ids of every book in one folder ('root': books without a folder), read page by page through
 * GET tenants/url/{url}/{folder}/{page}/{sort}/{size}: what 'labels for the whole folder' prints.
 */
export async function getFolderBookIds(tenantId: string, tenantUrl: string, folder: string): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; ids.length < MAX_LABEL_BOOKS; page++) {
    const path = ['tenants', 'url', tenantUrl, folder, page, 'title', MAX_PAGE_SIZE]
      .map((part) => encodeURIComponent(String(part)))
      .join('/');
    const reply = await api.get<Page>(path, { tenant: tenantId });
    ids.push(...reply.docs.map((book) => book._id));
    if (page >= reply.pages || reply.docs.length === 0) break;
  }
  return ids.slice(0, MAX_LABEL_BOOKS);
}
