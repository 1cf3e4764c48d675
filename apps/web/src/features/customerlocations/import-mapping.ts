/** The column mapping of an import as the dialog shows and sends it (decision 019, rules/location-import.ts). */
import { IMPORT_FIELDS, type ImportField, type ImportMapping } from '@pruefbuch/domain/rules/location-import';

/** The mapping of a preview reply, every field present (null: no column). */
export function mappingOf(reply: { mapping: Record<string, number | null> }): ImportMapping {
  return Object.fromEntries(
    IMPORT_FIELDS.map((field) => {
      const column = reply.mapping[field];
      return [field, typeof column === 'number' ? column : null];
    }),
  ) as ImportMapping;
}

/** 'A', 'B', … 'Z', 'AA': the column letters a spreadsheet shows. */
export function columnLetter(index: number): string {
  let n = index + 1;
  let letters = '';
  while (n > 0) {
    const rest = (n - 1) % 26;
    letters = String.fromCharCode(65 + rest) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

/** The options of a field's select: no column, then each column of the file by letter and header. */
export function columnOptions(headers: readonly string[], noColumn: string) {
  return [
    { value: '', label: noColumn },
    ...headers.map((header, index) => ({
      value: String(index),
      label: header ? `${columnLetter(index)} · ${header}` : columnLetter(index),
    })),
  ];
}

/** A field's select changed: its new column, and no other field keeps that column. */
export function withColumn(mapping: ImportMapping, field: ImportField, column: number | null): ImportMapping {
  const next = { ...mapping, [field]: column };
  if (column !== null) {
    for (const other of IMPORT_FIELDS) if (other !== field && next[other] === column) next[other] = null;
  }
  return next;
}

export const sameMapping = (a: ImportMapping | null, b: ImportMapping | null) =>
  !!a && !!b && IMPORT_FIELDS.every((field) => a[field] === b[field]);

/** The import field a row error names ('address.zip' → 'zip'), or null when it names none of them. */
export function errorField(field: string): ImportField | null {
  const name = field.startsWith('address.') ? field.slice('address.'.length) : field;
  return (IMPORT_FIELDS as readonly string[]).includes(name) ? (name as ImportField) : null;
}
