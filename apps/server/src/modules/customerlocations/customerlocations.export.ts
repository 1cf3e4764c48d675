/** Export of the location list (with the list's search and ampel filter) as CSV or XLSX, in the request's language. */
import { translate } from '@pruefbuch/domain/locales/resources';
import type { CustomerLocation } from '@pruefbuch/domain/schemas/customerlocation';
import type { RequestContext, TenantContext } from '../../platform/context';
import { csvFile } from '../../platform/csv';
import { xlsxFile } from '../../platform/xlsx';
import { list } from './customerlocations.read';

const MAX_EXPORT = 10_000;

interface Column {
  key: string;
  value: (l: CustomerLocation) => string | number;
  width: number;
}

function columns(ctx: RequestContext): Column[] {
  const t = (k: string) => translate(ctx.lang, k);
  const ampel = (a: string | null) => t(`customerlocations.ampel.${a ?? 'none'}`);
  return [
    { key: t('customerlocations.fields.znl'), value: (l) => l.znl, width: 14 },
    { key: t('customerlocations.fields.nr'), value: (l) => l.nr, width: 10 },
    { key: t('customerlocations.fields.sapNr'), value: (l) => l.sapNr, width: 14 },
    { key: t('common.address.street'), value: (l) => `${l.address.street} ${l.address.housenumber}`.trim(), width: 30 },
    { key: t('customerlocations.fields.zip'), value: (l) => l.address.zip, width: 8 },
    { key: t('customerlocations.fields.city'), value: (l) => l.address.location, width: 24 },
    { key: t('customerlocations.fields.inspectionAmpel'), value: (l) => ampel(l.inspectionAmpel), width: 26 },
    { key: t('customerlocations.fields.selfInspectionAmpel'), value: (l) => ampel(l.selfInspectionAmpel), width: 26 },
    { key: t('customerlocations.list.books'), value: (l) => l.bookCount, width: 10 },
    { key: t('customerlocations.list.overdue'), value: (l) => l.overdueCount, width: 10 },
    {
      key: t('customerlocations.fields.ruhend'),
      value: (l) => (l.ruhend ? t('common.yes') : t('common.no')),
      width: 8,
    },
    { key: t('customerlocations.fields.bemerkungen'), value: (l) => l.bemerkungen, width: 40 },
  ];
}

async function allRows(
  ctx: TenantContext,
  q: { search?: string; ampel?: CustomerLocation['inspectionAmpel'] | 'none' },
) {
  const docs: CustomerLocation[] = [];
  for (let page = 1; docs.length < MAX_EXPORT; page++) {
    const res = await list(ctx, { page, size: 500, sort: 'ampel', search: q.search, ampel: q.ampel ?? undefined });
    docs.push(...res.docs);
    if (page >= res.pages) break;
  }
  return docs;
}

export async function exportLocations(
  ctx: TenantContext,
  q: { format: 'csv' | 'xlsx'; search?: string; ampel?: 'black' | 'red' | 'orange' | 'green' | 'grey' | 'none' },
): Promise<{ body: Buffer; contentType: string; fileName: string }> {
  const cols = columns(ctx);
  const docs = await allRows(ctx, q);
  const base = `${translate(ctx.lang, 'customerlocations.list.title')}-${new Date().toISOString().slice(0, 10)}`;
  if (q.format === 'csv') {
    return csvFile(
      `${base}.csv`,
      cols.map((c) => c.key),
      docs.map((l) => cols.map((c) => c.value(l))),
    );
  }
  return xlsxFile(`${base}.xlsx`, translate(ctx.lang, 'customerlocations.list.title'), (sheet) => {
    sheet.columns = cols.map((c) => ({ header: c.key, key: c.key, width: c.width }));
    for (const l of docs) sheet.addRow(cols.map((c) => c.value(l)));
    sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: cols.length } };
  });
}
