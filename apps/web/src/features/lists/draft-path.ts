/**
 * The address of a draft record's screen, as the inspections feature lays them out (its record-paths.ts):
 * /book/... screens name tenant and book in the path, /admin/inspection and /admin/selfinspection carry them
 * in the query. Kept here because one feature does not import another's files.
 */
import { screenPath } from '@pruefbuch/domain/access';
import type { InspectionKind } from '@pruefbuch/domain/schemas/inspection';

export function draftPath(kind: InspectionKind, ids: { tenant: string; book: string; draft: string }): string {
  const query = new URLSearchParams({ book: ids.book, tenant: ids.tenant }).toString();
  switch (kind) {
    case 'inspection':
      return `${screenPath('inspection', { slug: ids.draft })}?${query}`;
    case 'self':
      return `${screenPath('selfinspection', { slug: ids.draft })}?${query}`;
    case 'wartung':
      return screenPath('inspection_wartung', { tenant: ids.tenant, book: ids.book, slug: ids.draft });
    case 'gutachten':
      return screenPath('inspection_pruefgutachten', { tenant: ids.tenant, book: ids.book, slug: ids.draft });
  }
}
