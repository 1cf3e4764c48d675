/**
 * The door component catalogue (issue 13, SPEC §8, §9, decision 025): the codes of drives, control
 * elements, safety sensors, options, UPS, wing counts and power types of swing and sliding doors,
 * with their German display texts. Shared by all tenants; read by everyone who edits orders, kept
 * by admins. 'Prüfbuch anlegen' copies the texts of an order's codes into the book.
 */
import { z } from 'zod';
import { paged } from './common';

export const COMPONENT_KINDS = ['drive', 'control', 'sensor', 'option', 'ups', 'wings', 'power'] as const;
export type ComponentKind = (typeof COMPONENT_KINDS)[number];
/** The door types a code fits: swing, sliding, or both. */
export const COMPONENT_DOOR_TYPES = ['dreher', 'schieber', 'both'] as const;
export type ComponentDoorType = (typeof COMPONENT_DOOR_TYPES)[number];

/** A code: letters, digits and . _ / - (no blanks), at most 40 characters, as in the order's door configuration. */
export const componentCodeSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required' })
  .max(40, { error: 'validation.max' })
  .regex(/^[A-Za-z0-9][A-Za-z0-9._/-]*$/, { error: 'validation.invalid' });

/** POST components. */
export const componentWriteSchema = z.object({
  code: componentCodeSchema,
  kind: z.enum(COMPONENT_KINDS, { error: 'validation.invalid' }),
  doorType: z.enum(COMPONENT_DOOR_TYPES, { error: 'validation.invalid' }).default('both'),
  text: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(300, { error: 'validation.max' }),
  active: z.boolean({ error: 'validation.invalid' }).default(true),
});
export type ComponentWrite = z.infer<typeof componentWriteSchema>;

/** PUT components/{id}: the whole entry and the __v it was read with (a stale one is a 409). */
export const componentUpdateSchema = componentWriteSchema.extend({
  __v: z.number({ error: 'validation.version' }).int({ error: 'validation.version' }).min(0),
});
export type ComponentUpdate = z.infer<typeof componentUpdateSchema>;

export const componentSchema = z.object({
  _id: z.string(),
  code: z.string(),
  kind: z.enum(COMPONENT_KINDS),
  doorType: z.enum(COMPONENT_DOOR_TYPES),
  text: z.string(),
  active: z.boolean(),
  __v: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Component = z.infer<typeof componentSchema>;

/**
 * GET components: paged (size up to 500, so a pick list loads a whole kind at once), searched in
 * code and text, narrowed by kind, by door type (a door type finds its own codes and those for
 * both) and by active; sorted by code (default), kind or text.
 */
export const componentListQuery = z.object({
  page: z.coerce.number({ error: 'validation.invalid' }).int().min(1).default(1),
  size: z.coerce.number({ error: 'validation.invalid' }).int().min(1).max(500).default(50),
  search: z.string().trim().max(100, { error: 'validation.max' }).optional(),
  kind: z.enum(COMPONENT_KINDS, { error: 'validation.invalid' }).optional(),
  doorType: z.enum(['dreher', 'schieber'], { error: 'validation.invalid' }).optional(),
  active: z
    .enum(['true', 'false'], { error: 'validation.invalid' })
    .transform((v) => v === 'true')
    .optional(),
  sort: z.enum(['code', '-code', 'kind', '-kind', 'text', '-text'], { error: 'validation.invalid' }).default('code'),
});
export type ComponentListQuery = z.infer<typeof componentListQuery>;
export const componentListReply = paged(componentSchema);
