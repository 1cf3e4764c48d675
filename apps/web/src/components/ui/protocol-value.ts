/**
 * Protocol entries as a person reads them (SPEC §3: values are stored as text, objects as JSON). The label
 * and the format of a field come from the domain registry (domain/protocol.ts); ids never show raw.
 */
import type { ProtocolFieldView, ProtocolRef } from '@pruefbuch/domain/protocol';
import type { TFunction } from 'i18next';
import { addressSummary } from '@/components/ui/address-editor';
import { formatDate, formatDateTime, formatMinutes, formatMoney, formatNumber, weekdayShort } from '@/lib/format';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_DATETIME = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})/g;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const DASH = '–';

export interface ProtocolLookups {
  t: TFunction;
  countries: Parameters<typeof addressSummary>[1];
  intervalLabel: (value: number) => string;
  /** Names of referenced things by id; an id not found shows as '–'. */
  refs: Partial<Record<ProtocolRef, Map<string, string>>>;
}

/** "Vorname Nachname (AB)"; only what is known of an editor who is gone. */
export const editorOf = (e: { editorName: string; userKuerzel: string }) =>
  e.editorName && e.userKuerzel ? `${e.editorName} (${e.userKuerzel})` : e.editorName || e.userKuerzel || DASH;

/** The label of a field: its parts translated and joined ("Wartung · Mängel"). */
export function protocolLabel(view: ProtocolFieldView, t: TFunction): string {
  return view.label.map((part) => (part.key ? t(part.key, { defaultValue: part.text }) : part.text)).join(' · ');
}

/** ISO instants and dates inside a text read as the screen's dates (with their time); ids in brackets are dropped. */
function readableText(value: string): string {
  return value
    .replace(/\s*\(\s*[0-9a-f-]{36}\s*\)/gi, '')
    .replace(UUID, DASH)
    .replace(ISO_DATETIME, (iso) => formatDateTime(iso) || iso)
    .replace(/\b\d{4}-\d{2}-\d{2}\b/g, (day) => formatDate(day) || day)
    .trim();
}

function json(value: string, l: ProtocolLookups, view: ProtocolFieldView): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return readableText(value);
  }
  if (view.format === 'address' && parsed && typeof parsed === 'object') {
    return addressSummary(parsed as never, l.countries) || DASH;
  }
  if (Array.isArray(parsed)) {
    return parsed.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(', ') || DASH;
  }
  if (parsed && typeof parsed === 'object') {
    const pairs = Object.entries(parsed)
      .filter(([k]) => k !== '_id')
      .map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`);
    return pairs.join(', ') || DASH;
  }
  return readableText(String(parsed));
}

const WEEKDAYS = ['montag', 'dienstag', 'mittwoch', 'donnerstag', 'freitag'] as const;
type Range = { start?: string; ende?: string; bemerkung?: string };
const day = (v: unknown) => (typeof v === 'string' && ISO_DATE.test(v) ? formatDate(v) : String(v ?? ''));
const rangeText = (r: Range) =>
  `${r.start === r.ende ? day(r.start) : `${day(r.start)}–${day(r.ende)}`}${r.bemerkung ? ` (${r.bemerkung})` : ''}`;
const listOf = (items: string[], l: ProtocolLookups) => items.join('; ') || l.t('capacity.settings.noEntries');

/**
 * The capacity settings' values (domain protocol.ts CAPACITY): an employee as "name · area · Mo 8:00 h, …",
 * its absences as "name: ranges", operating holidays as ranges, local days as "date name".
 */
function capacityValue(format: string, parsed: unknown, l: ProtocolLookups): string | null {
  if (!parsed || typeof parsed !== 'object') return null;
  const o = parsed as Record<string, unknown>;
  switch (format) {
    case 'employee': {
      const hours = (o.arbeitszeit ?? {}) as Record<string, number>;
      const week = WEEKDAYS.map((d, i) => `${weekdayShort(i + 1)} ${formatMinutes(hours[d] ?? 0)}`);
      const parts = [String(o.name ?? ''), l.t(`capacity.areas.${String(o.bereich)}`), week.join(', ')];
      return [...parts, ...(o.aktiv === false ? [l.t('capacity.settings.inactive')] : [])].join(' · ');
    }
    case 'absences':
      return `${String(o.name ?? '')}: ${listOf(((o.abwesenheiten ?? []) as Range[]).map(rangeText), l)}`;
    case 'ranges':
      return Array.isArray(parsed) ? listOf((parsed as Range[]).map(rangeText), l) : null;
    case 'days':
      return Array.isArray(parsed)
        ? listOf(
            (parsed as { date?: string; name?: string }[]).map((d) => `${day(d.date)} ${d.name ?? ''}`.trim()),
            l,
          )
        : null;
    default:
      return null;
  }
}

const TEMPLATE_TIMES = [
  ['zeitaufwandAntrieb', 'antrieb'],
  ['zeitaufwandProfilbearbeitung', 'profilbearbeitung'],
  ['zeitaufwandVerglasen', 'verglasen'],
  ['zeitaufwandVersand', 'versand'],
] as const;

/** A time-effort template of the cost list as "name · Antrieb 2:00 h, … · pro Flügel · remark". */
function templateText(o: Record<string, unknown>, l: ProtocolLookups): string {
  const times = TEMPLATE_TIMES.map(
    ([k, area]) => `${l.t(`capacity.areas.${area}`)} ${formatMinutes(Number(o[k] ?? 0))}`,
  );
  const parts = [String(o.name ?? ''), times.join(', ')];
  if (o.proFluegel === true) parts.push(l.t('costlist.templates.proFluegel'));
  if (typeof o.bemerkung === 'string' && o.bemerkung.trim()) parts.push(o.bemerkung.trim());
  return parts.join(' · ');
}

/** The cost list's templates: one, or (rows written before each had its own) the whole list. */
function templatesValue(format: string, parsed: unknown, l: ProtocolLookups): string | null {
  if (format === 'template') {
    return parsed && typeof parsed === 'object' ? templateText(parsed as Record<string, unknown>, l) : null;
  }
  if (!Array.isArray(parsed)) return null;
  return listOf(
    parsed.filter((o) => o && typeof o === 'object').map((o) => templateText(o, l)),
    l,
  );
}

/**
 * A book's door data (book.misc, decision 052) as people read it: each key under its label (books.miscFields, else
 * humanised), the door type as 'Schiebetür', flags as Ja/Nein, lists joined: not 'tuerart: schieber'.
 */
function doorDataValue(value: string, l: ProtocolLookups, view: ProtocolFieldView): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return readableText(value);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return json(value, l, view);
  const pairs = Object.entries(parsed as Record<string, unknown>)
    .filter(([, v]) => v !== null && v !== '' && !(Array.isArray(v) && v.length === 0))
    .map(([k, v]) => {
      const label = l.t(`books.miscFields.${k}`, { defaultValue: k });
      const shown =
        typeof v === 'boolean'
          ? l.t(v ? 'common.yes' : 'common.no')
          : Array.isArray(v)
            ? v.map(String).join(', ')
            : k === 'tuerart'
              ? l.t(`books.miscValues.tuerart.${String(v)}`, { defaultValue: String(v) })
              : readableText(typeof v === 'string' ? v : JSON.stringify(v));
      return `${label}: ${shown}`;
    });
  return pairs.join('; ') || DASH;
}

const EMPTY_VALUES = new Set(['', 'false', 'null', '[]', '{}']);

/**
 * Whether an entry tells the reader something: a record created with a field left empty or switched off
 * ('Angelegt · – · Nein') does not, and is left out of the table (issue 31 item 8). Changes always tell.
 */
export const tellsSomething = (e: { action: string; newValue: string | null }) =>
  e.action !== 'create' || (e.newValue !== null && !EMPTY_VALUES.has(e.newValue.trim()));

/** A stored value as a person reads it, by the field's format; empty values are '–'. */
export function protocolValue(view: ProtocolFieldView, value: string | null, l: ProtocolLookups): string {
  if (value === null || value === '') return DASH;
  const { format } = view;
  if (format.startsWith('enum:')) {
    const key = view.values?.[value] ?? `${format.slice(5)}.${value}`;
    return l.t(key, { defaultValue: value });
  }
  switch (format) {
    case 'ref':
      return (view.ref && l.refs[view.ref]?.get(value)) || DASH;
    case 'bool':
      if (value === 'true' || value === 'false') return l.t(value === 'true' ? 'common.yes' : 'common.no');
      return readableText(value);
    case 'date':
      return ISO_DATE.test(value) ? formatDate(value) : readableText(value);
    case 'datetime':
      return formatDateTime(value) || readableText(value);
    case 'interval':
      return Number.isFinite(Number(value)) ? l.intervalLabel(Number(value)) : value;
    case 'money':
      return Number.isFinite(Number(value)) ? formatMoney(Number(value)) : value;
    case 'number':
      return Number.isFinite(Number(value)) ? formatNumber(Number(value)) : value;
    case 'minutes':
      return Number.isFinite(Number(value)) ? formatMinutes(Number(value)) : value;
    case 'week': {
      // '2026-W50' → 'KW 50/2026', as the week select and the lists say it.
      const m = /^(\d{4})-W(\d{2})$/.exec(value);
      return m ? `${l.t('orders.list.kw')} ${m[2]}/${m[1]}` : readableText(value);
    }
    case 'json':
    case 'address':
      return json(value, l, view);
    case 'doorData':
      return doorDataValue(value, l, view);
    case 'employee':
    case 'absences':
    case 'ranges':
    case 'days':
    case 'template':
    case 'templates': {
      let parsed: unknown;
      try {
        parsed = JSON.parse(value);
      } catch {
        return readableText(value);
      }
      const read = format === 'template' || format === 'templates' ? templatesValue : capacityValue;
      return read(format, parsed, l) ?? json(value, l, view);
    }
    default:
      // 'text' and 'record', and fields the registry does not know: never a raw id or ISO instant.
      if (value === 'true' || value === 'false') return l.t(value === 'true' ? 'common.yes' : 'common.no');
      if (ISO_DATE.test(value)) return formatDate(value);
      if (value.startsWith('{') || value.startsWith('[')) return json(value, l, view);
      return readableText(value) || DASH;
  }
}
