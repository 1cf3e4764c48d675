/**
 * The free door data of a book (book.misc) as the book page shows it: a known key under its label
 * (books.miscFields: Norm, Baujahr, Steuerung …), any other key made readable ('oeffnungszeitS' →
 * 'Oeffnungszeit s'), and values as text, never as JSON.
 */
import { humanizeField } from '@pruefbuch/domain/protocol';
import type { TFunction } from 'i18next';

/** The i18n key of a misc key's label, or null for a key without one. */
export const miscLabelKey = (key: string, exists: (key: string) => boolean): string | null => {
  if (!/^\w+$/.test(key)) return null;
  const i18nKey = `books.miscFields.${key}`;
  return exists(i18nKey) ? i18nKey : null;
};

export function miscLabel(key: string, t: TFunction, exists: (key: string) => boolean): string {
  const labelKey = miscLabelKey(key, exists);
  return labelKey ? t(labelKey) : humanizeField(key) || key;
}

/**
 * A value as text: a coded value under its label ('schieber' under books.miscValues.tuerart → 'Schiebetür'),
 * yes/no for flags, lists joined, objects as 'name: value' pairs.
 */
export function miscValue(value: unknown, t: TFunction, exists: (key: string) => boolean, key?: string): string {
  if (value === null || value === undefined) return '';
  if (key && typeof value === 'string' && /^\w+$/.test(key) && /^\w+$/.test(value)) {
    const valueKey = `books.miscValues.${key}.${value}`;
    if (exists(valueKey)) return t(valueKey);
  }
  if (typeof value === 'boolean') return value ? t('common.yes') : t('common.no');
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (Array.isArray(value)) return value.map((v) => miscValue(v, t, exists)).join(', ');
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `${miscLabel(k, t, exists)}: ${miscValue(v, t, exists)}`)
      .join(', ');
  }
  return String(value);
}
