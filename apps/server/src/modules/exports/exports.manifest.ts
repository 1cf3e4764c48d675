import { translate } from '@pruefbuch/domain/locales/resources';
import type { Manifest } from '@pruefbuch/domain/schemas/export';
import { PDF_LANG } from '../../platform/pdf';

const t = (key: string, params?: Record<string, string | number>) => translate(PDF_LANG, key, params);

/** manifest.json: the machine-readable list (decision 058). */
export const manifestJson = (m: Manifest) => `${JSON.stringify(m, null, 2)}\n`;

/** '2026-11-29T13:05:00.000Z' → '29.11.2026 14:05' (Berlin). */
const berlin = (iso: string) =>
  new Intl.DateTimeFormat('de-DE', {
    timeZone: 'Europe/Berlin',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  })
    .format(new Date(iso))
    .replace(',', '');

/**
 * manifest.txt, for people: who exported what and when, each book with its record count and chain head,
 * then every file as `sha256sum` writes it ('<hash>  <path>'), so `sha256sum -c manifest.txt` checks the
 * unpacked file (it skips the other lines with a warning).
 */
export function manifestText(m: Manifest): string {
  const lines = [
    t('exports.manifest.title'),
    '',
    `${t('exports.manifest.tenant')}: ${m.tenant.name}`,
    `${t('exports.manifest.scope')}: ${m.scope.label}`,
    `${t('exports.manifest.exportedAt')}: ${berlin(m.exportedAt)}`,
    `${t('exports.manifest.exportedBy')}: ${m.exportedBy.name} <${m.exportedBy.email}>`,
    '',
    `${t('exports.manifest.books')} (${m.books.length})`,
    ...m.books.map(
      (b) =>
        `- ${b.folder}: ${b.title || '–'}, ${t('exports.manifest.recordCount', { count: b.records })}, ${t('exports.manifest.chainHead')}: ${b.chainHead ? `#${b.chainHead.seq} ${b.chainHead.hash}` : t('exports.manifest.noChain')}`,
    ),
    '',
    t('exports.manifest.files'),
    ...m.files.map((f) => `${f.sha256}  ${f.path}`),
    '',
    t('exports.manifest.check'),
    '',
  ];
  return lines.join('\n');
}
