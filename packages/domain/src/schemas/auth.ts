import { z } from 'zod';
import { emailSchema, languageSchema, newPasswordSchema } from './user';

export const loginBody = z.object({
  email: z
    .string({ error: 'validation.email.required' })
    .trim()
    .toLowerCase()
    .min(1, { error: 'validation.email.required' })
    .max(200),
  password: z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }).max(200),
});

/** SPEC §3 login reply. With 2FA on, token is a short pending token good only for validate2fa. */
export const loginReply = z.object({
  token: z.string(),
  refreshToken: z.string(),
  friendlyUsername: z.string(),
  role: z.number().int(),
  customerRole: z.number().int().nullable(),
  userId: z.string(),
  department: z.number().int(),
  customer: z.number().int(),
  auswertung: z.boolean(),
  forecast: z.boolean(),
  is2FaUsed: z.boolean(),
  tenants: z.array(z.object({ _id: z.string(), name: z.string() })),
  /** The language the user last chose on any device; null until they first choose one. */
  language: languageSchema.nullable(),
});
export type LoginReply = z.infer<typeof loginReply>;

export const totpCode = z
  .string({ error: 'validation.code.required' })
  .trim()
  .regex(/^\d{6}$/, { error: 'validation.code.format' });

export const validate2faBody = z.object({ validationCode: totpCode, userId: z.string().min(1).max(64) });
export const refreshBody = z.object({ refreshToken: z.string().min(1).max(2000) });
export const refreshReply = z.object({ accessToken: z.string(), refreshToken: z.string() });
export const emailBody = z.object({ email: emailSchema });
export const resetFinishBody = z.object({ password: newPasswordSchema });

/** SPEC §5 password change; the current password is asked as well (ASVS V6.2.3). */
export const changePasswordBody = z
  .object({
    currentPassword: z
      .string({ error: 'validation.currentPassword.required' })
      .min(1, { error: 'validation.currentPassword.required' })
      .max(200),
    password: newPasswordSchema,
    passwordConfirm: z
      .string({ error: 'validation.passwordConfirm.required' })
      .trim()
      .min(1, { error: 'validation.passwordConfirm.required' }),
  })
  .refine((b) => b.password === b.passwordConfirm, {
    path: ['passwordConfirm'],
    error: 'validation.passwordConfirm.notEqual',
  });

export const barcodeReply = z.object({ qrCode: z.string(), secret: z.string(), otpauthUrl: z.string() });
export const codeBody = z.object({ validationCode: totpCode });
