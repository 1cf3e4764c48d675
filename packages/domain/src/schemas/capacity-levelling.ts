/**
 * 'Woche ausgleichen' (issue 31 item 2, decision 051): the proposal of GET capacity/get/levelling and the moves
 * PUT capacity/put/levelWeek saves. The rules are rules/capacity-levelling.ts.
 */
import { z } from 'zod';
import { shiftTimeslotSchema, slotInputSchema, WORK_AREAS } from './capacity';
import { idSchema, isoDate } from './common';

/** Why a slot of an overloaded day stays where it is (rules/capacity-levelling.ts, decision 051). */
export const LEVEL_STUCK_REASONS = ['finished', 'noRoom', 'installation', 'stepOrder'] as const;
export type LevelStuckReason = (typeof LEVEL_STUCK_REASONS)[number];

/** GET capacity/get/levelling?date=: how 'Woche ausgleichen' would level the week of `date` (nothing saved). */
export const levellingReply = z.object({
  from: z.string(),
  to: z.string(),
  /** The slots to move: `minutes` of the slot's `slotMinutes` from `from` to `to` (less: the slot is split). */
  moves: z.array(
    z.object({
      slotId: z.string(),
      version: z.number().int(),
      orderId: z.string(),
      abnr: z.string(),
      area: z.enum(WORK_AREAS),
      from: z.string(),
      to: z.string(),
      minutes: z.number().int(),
      slotMinutes: z.number().int(),
    }),
  ),
  /** The slots of a day that stays over, with why they cannot move. */
  stuck: z.array(
    z.object({
      slotId: z.string(),
      orderId: z.string(),
      abnr: z.string(),
      area: z.enum(WORK_AREAS),
      date: z.string(),
      minutes: z.number().int(),
      reason: z.enum(LEVEL_STUCK_REASONS),
    }),
  ),
  /** Before and after, per day of the week and per day outside it that takes work. */
  days: z.array(
    z.object({
      date: z.string(),
      available: z.number().int(),
      before: z.number().int(),
      after: z.number().int(),
      utilisationBefore: z.number().nullable(),
      utilisationAfter: z.number().nullable(),
      areas: z.array(
        z.object({
          area: z.enum(WORK_AREAS),
          available: z.number().int(),
          before: z.number().int(),
          after: z.number().int(),
        }),
      ),
    }),
  ),
});
export type LevellingReply = z.infer<typeof levellingReply>;

/**
 * PUT capacity/put/levelWeek: the moves of a levelling, all or none. `minutes` less than the slot's splits
 * it (the rest stays on its day); a slot changed since it was read is a 409.
 */
export const levelWeekSchema = z.object({
  moves: z
    .array(
      z.object({
        _id: idSchema,
        __v: shiftTimeslotSchema.shape.__v,
        date: isoDate,
        minutes: slotInputSchema.shape.minutes,
      }),
    )
    .min(1, { error: 'validation.required' })
    .max(500, { error: 'validation.max' }),
});
export type LevelWeek = z.infer<typeof levelWeekSchema>;
