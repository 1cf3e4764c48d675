import { newPasswordSchema } from '@pruefbuch/domain/schemas/user';
import { z } from 'zod';

/** New password twice (SPEC §5): both trimmed, 5–50 characters, and the confirmation must match. */
export const passwordConfirmSchema = z
  .string({ error: 'validation.passwordConfirm.required' })
  .trim()
  .min(1, { error: 'validation.passwordConfirm.required' });

export const newPasswordForm = z
  .object({ password: newPasswordSchema, passwordConfirm: passwordConfirmSchema })
  .refine((v) => v.password === v.passwordConfirm, {
    path: ['passwordConfirm'],
    error: 'validation.passwordConfirm.notEqual',
  });
export type NewPasswordValues = z.input<typeof newPasswordForm>;
