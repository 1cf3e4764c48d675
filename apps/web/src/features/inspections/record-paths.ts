/**
 * Addresses of the record screens. The /book/... screens name tenant and book in the path; the /admin/...
 * screens (inspection, selfinspection) carry them as ?book=<id>&tenant=<id>. A slug is a record id or
 * 'new'; a new record may name the finalized one it corrects (?corrects=<id>).
 */
import { type ScreenName, screenPath } from '@pruefbuch/domain/access';
import type { InspectionKind } from '@pruefbuch/domain/schemas/inspection';

export const NEW_SLUG = 'new';

export const SCREEN_OF_KIND: Record<InspectionKind, ScreenName> = {
  inspection: 'inspection',
  wartung: 'inspection_wartung',
  gutachten: 'inspection_pruefgutachten',
  self: 'selfinspection',
};

export const KIND_OF_SCREEN: Partial<Record<ScreenName, InspectionKind>> = {
  inspection: 'inspection',
  inspection_wartung: 'wartung',
  inspection_pruefgutachten: 'gutachten',
  selfinspection: 'self',
};

const withQuery = (path: string, query: Record<string, string | null | undefined>) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
};

export function recordPath(
  kind: InspectionKind,
  ids: { tenant: string; book: string; slug: string },
  corrects?: string | null,
): string {
  const screen = SCREEN_OF_KIND[kind];
  if (kind === 'inspection' || kind === 'self') {
    return withQuery(screenPath(screen, { slug: ids.slug }), { book: ids.book, tenant: ids.tenant, corrects });
  }
  return withQuery(screenPath(screen, { tenant: ids.tenant, book: ids.book, slug: ids.slug }), { corrects });
}

export const newRecordPath = (kind: InspectionKind, tenant: string, book: string, corrects?: string | null) =>
  recordPath(kind, { tenant, book, slug: NEW_SLUG }, corrects);

export const uploadReportPath = (tenant: string, book: string) =>
  screenPath('inspection_pruefgutachten_upload_existing', { tenant, book, slug: NEW_SLUG });
