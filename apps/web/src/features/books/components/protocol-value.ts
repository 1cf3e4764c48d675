/** Protocol values as a person reads them (SPEC §3 protocol entry: values are stored as text, objects as JSON). */
import { BOOK_STATUS_LABEL_KEY, isBookStatus } from '@pruefbuch/domain/rules/book-status';
import type { TFunction } from 'i18next';
import { addressSummary } from '@/components/ui/address-editor';
import { formatDate } from '@/lib/format';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export interface ProtocolLookups {
  t: TFunction;
  countries: Parameters<typeof addressSummary>[1];
  intervalLabel: (value: number) => string;
  bookTypes: Map<string, string>;
  folders: Map<string, string>;
}

/** A stored protocol value as a person reads it: labels for codes, dates as DD.MM.YYYY, addresses in one line. */
export function protocolValue(field: string, value: string | null, l: ProtocolLookups): string {
  if (value === null || value === '') return '–';
  if (field === 'status' && isBookStatus(Number(value))) {
    return l.t(BOOK_STATUS_LABEL_KEY[Number(value) as keyof typeof BOOK_STATUS_LABEL_KEY]);
  }
  if (field === 'serviceinterval' || field === 'selfserviceinterval') return l.intervalLabel(Number(value));
  if (field === 'bookType') return l.bookTypes.get(value) ?? value;
  if (field === 'folder') return l.folders.get(value) ?? value;
  if (field === 'lagerort') return l.t(`books.lagerort.${value}`, { defaultValue: value });
  if (field.endsWith('Ampel')) return l.t(`books.ampel.${value}`, { defaultValue: value });
  if (value === 'true' || value === 'false') return value === 'true' ? l.t('common.yes') : l.t('common.no');
  if (ISO_DATE.test(value)) return formatDate(value);
  if (value.startsWith('{') || value.startsWith('[')) {
    try {
      const parsed = JSON.parse(value) as unknown;
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
        if (field.endsWith('address')) return addressSummary(parsed as never, l.countries) || '–';
        const pairs = Object.entries(parsed).map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`);
        return pairs.join(', ') || '–';
      }
    } catch {
      // not JSON after all: shown as it is
    }
  }
  return value;
}
