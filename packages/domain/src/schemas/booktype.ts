import { z } from 'zod';
import { NORM_ITEMS } from '../rules/checklists';
import { QUALIFICATION_KINDS } from '../rules/qualifications';
import { isServiceInterval, type ServiceIntervalValue } from '../rules/service-intervals';
import { paged, pageQuery } from './common';

/** A service interval number of rules/service-intervals.ts (months; 0 none; -1 daily, -7 weekly). */
export const serviceIntervalSchema = z
  .number({ error: 'validation.invalid' })
  .int({ error: 'validation.invalid' })
  .refine((v): v is ServiceIntervalValue => isServiceInterval(v), { error: 'validation.invalid' });

/** A tabler icon name (https://tabler.io/icons), e.g. 'door' or 'building-warehouse'; '' for none. */
export const iconNameSchema = z
  .string({ error: 'validation.invalid' })
  .trim()
  .max(60, { error: 'validation.max' })
  .regex(/^([a-z0-9]+(-[a-z0-9]+)*)?$/, { error: 'validation.invalid' });

/** A colour as '#rrggbb' or a Mantine palette name with an optional shade ('blue', 'red.7'); '' for none. */
export const colorSchema = z
  .string({ error: 'validation.invalid' })
  .trim()
  .max(30, { error: 'validation.max' })
  .regex(/^(#[0-9a-fA-F]{6}|[a-z]+(\.[0-9])?)?$/, { error: 'validation.invalid' });

/** Most items one checklist of a book type may hold. */
export const MAX_CHECKLIST_ITEMS = 60;

/** An item of a book type's checklist (decision 021): a key and its text ('' for the norm text of a norm item). */
export const typeChecklistItemSchema = z.object({
  item: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(80, { error: 'validation.max' })
    .regex(/^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*$/, { error: 'validation.invalid' }),
  label: z.string({ error: 'validation.invalid' }).trim().max(300, { error: 'validation.max' }).default(''),
});

/** A checklist of a book type: every item once; an item that is no norm item brings its text. */
export const typeChecklistSchema = z
  .array(typeChecklistItemSchema, { error: 'validation.invalid' })
  .max(MAX_CHECKLIST_ITEMS, { error: 'validation.max' })
  .superRefine((items, ctx) => {
    const seen = new Set<string>();
    items.forEach((e, i) => {
      if (seen.has(e.item)) ctx.addIssue({ code: 'custom', path: [i, 'item'], message: 'validation.duplicate' });
      seen.add(e.item);
      if (!e.label && !NORM_ITEMS.has(e.item)) {
        ctx.addIssue({ code: 'custom', path: [i, 'label'], message: 'validation.required' });
      }
    });
  });

/** A book type as the API returns it (SPEC §3 Book type). */
export const bookTypeSchema = z.object({
  _id: z.string(),
  type: z.string(),
  component: z.string(),
  icon: z.string(),
  color: z.string(),
  serviceinterval: z.number().int(),
  selfserviceinterval: z.number().int(),
  active: z.boolean(),
  /**
   * The specialist's checklist (inspections, maintenance, expert reports) and the operator's
   * (self-inspections): the type's own lists, or the norm lists of its kind of installation.
   */
  checklist: z.array(typeChecklistItemSchema),
  selfChecklist: z.array(typeChecklistItemSchema),
  /** The qualification its inspections, maintenance and expert reports need of who signs them (decision 055); null: none. */
  qualification: z.enum(QUALIFICATION_KINDS).nullable(),
  __v: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BookType = z.infer<typeof bookTypeSchema>;
export const bookTypeList = z.array(bookTypeSchema);

/** POST booktype. _id, __v, createdAt and updatedAt are server-managed and dropped. */
export const bookTypeWriteSchema = z.object({
  type: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(100, { error: 'validation.max' }),
  component: z.string({ error: 'validation.invalid' }).trim().max(100, { error: 'validation.max' }).default(''),
  icon: iconNameSchema.default(''),
  color: colorSchema.default(''),
  serviceinterval: serviceIntervalSchema.default(0),
  selfserviceinterval: serviceIntervalSchema.default(0),
  active: z.boolean({ error: 'validation.invalid' }).default(true),
  /** The type's own lists; left out: unchanged (new: the norm lists); null: back to the norm list. */
  checklist: typeChecklistSchema.nullable().optional(),
  selfChecklist: typeChecklistSchema.nullable().optional(),
  /** Left out: unchanged (new: none); null: none. */
  qualification: z.enum(QUALIFICATION_KINDS, { error: 'validation.invalid' }).nullable().optional(),
});
export type BookTypeWrite = z.infer<typeof bookTypeWriteSchema>;

/** PUT booktype/{id}: the whole type plus the __v it was read with (a stale one is a 409). */
export const bookTypeUpdateSchema = bookTypeWriteSchema.extend({
  __v: z.number({ error: 'validation.version' }).int({ error: 'validation.version' }).min(0),
});
export type BookTypeUpdate = z.infer<typeof bookTypeUpdateSchema>;

/** GET booktype: paged, searched in type and component, sorted by 'type' (default), 'component', 'createdAt' (a leading '-' sorts descending). */
export const bookTypeListQuery = pageQuery.extend({
  active: z
    .enum(['true', 'false'], { error: 'validation.invalid' })
    .transform((v) => v === 'true')
    .optional(),
  sort: z
    .enum(['type', '-type', 'component', '-component', 'createdAt', '-createdAt'], { error: 'validation.invalid' })
    .default('type'),
});
export type BookTypeListQuery = z.infer<typeof bookTypeListQuery>;
export const bookTypeListReply = paged(bookTypeSchema);

/** GET booktype/serviceinterval/all: the interval list with labels in the request's language. */
export const serviceIntervalItem = z.object({
  value: z.number().int(),
  name: z.string(),
  label: z.string(),
  days: z.number().int(),
  months: z.number().int(),
});
export const serviceIntervalList = z.array(serviceIntervalItem);
