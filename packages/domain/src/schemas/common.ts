import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_DATE_YEAR, MAX_PAGE_SIZE, MIN_DATE_YEAR } from '../constants';
import { DEPARTMENT_NUMBERS, Department } from '../roles';
import { isStorableText } from '../rules/storable-text';

/**
 * Free text of a field, trimmed, at most `max` characters, and storable: no NUL and no lone UTF-16
 * surrogate (rules/storable-text.ts). The text fields of the schemas are built from it.
 */
export const text = (max = 200) =>
  z
    .string({ error: 'validation.invalid' })
    .trim()
    .max(max, { error: 'validation.max' })
    .refine(isStorableText, { error: 'validation.characters' });

/** Every record's _id: a UUID string. */
export const idSchema = z.uuid({ error: 'validation.id' });
export const idParams = z.object({ id: idSchema });

export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  search: z.string().trim().max(100).optional(),
  sort: z.string().max(40).optional(),
});
export type PageQuery = z.infer<typeof pageQuery>;

export const paged = <T extends z.ZodType>(item: T) =>
  z.object({
    docs: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    size: z.number().int(),
    pages: z.number().int(),
    /**
     * A search that counts only so far (the order searches, decision 024): true when it holds more than
     * `total`; `pages` then counts one page more, so the next page can be asked for. Absent: `total` is exact.
     */
    more: z.boolean().optional(),
  });

export const errorDetail = z.object({
  field: z.string(),
  /** i18n key of the reason; the UI translates it. */
  key: z.string(),
  message: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type ErrorDetail = z.infer<typeof errorDetail>;

/** The one error reply of the API. */
export const errorReply = z.object({
  statusCode: z.number().int(),
  code: z.string(),
  message: z.string(),
  details: z.array(errorDetail).optional(),
  retryAfterSeconds: z.number().int().optional(),
});
export type ErrorReply = z.infer<typeof errorReply>;

export const okReply = z.object({ success: z.literal(true) });

/** ISO date string YYYY-MM-DD in the years MIN_DATE_YEAR..MAX_DATE_YEAR. */
export const isoDate = z.iso.date({ error: 'validation.date' }).refine(
  (v) => {
    // A malformed string already has its validation.date issue.
    const year = /^\d{4}-/.test(v) ? Number(v.slice(0, 4)) : MIN_DATE_YEAR;
    return year >= MIN_DATE_YEAR && year <= MAX_DATE_YEAR;
  },
  { error: 'validation.dateRange' },
);

/** Money in euros with cents, never negative, below a billion, or none; the protocol shows it as an amount. */
export const money = z
  .number({ error: 'validation.number' })
  .min(0, { error: 'validation.min' })
  .max(999_999_999, { error: 'validation.max' })
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, { error: 'validation.decimal' })
  .meta({ protocol: { format: 'money' } })
  .nullable();

/** A department by its number (SPEC §3 Departments); the protocol shows its name. */
export const departmentNumber = z
  .number({ error: 'validation.invalid' })
  .int({ error: 'validation.invalid' })
  .refine((v) => (DEPARTMENT_NUMBERS as number[]).includes(v), { error: 'validation.department' })
  .meta({
    protocol: {
      format: 'enum:lookups.departments',
      values: Object.fromEntries(
        Object.entries(Department).map(([name, n]) => [String(n), `lookups.departments.${name}`]),
      ),
    },
  });
