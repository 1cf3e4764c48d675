import { z } from 'zod';
import { EMAIL_MAX, EMAIL_MIN, PASSWORD_MAX, PASSWORD_MIN } from '../constants';
import { CUSTOMER_NUMBERS, CUSTOMER_ROLE_NUMBERS, DEPARTMENT_NUMBERS, ROLE_NUMBERS } from '../roles';
import { idSchema, isoDate, paged, pageQuery } from './common';

const oneOf = <T extends number>(values: readonly T[], key: string) =>
  z
    .number({ error: key })
    .int({ error: key })
    .refine((v): v is T => values.includes(v as T), { error: key });

export const roleSchema = oneOf(ROLE_NUMBERS, 'validation.role');
export const customerRoleSchema = oneOf(CUSTOMER_ROLE_NUMBERS, 'validation.customerRole');
export const departmentSchema = oneOf(DEPARTMENT_NUMBERS, 'validation.department');
export const customerSchema = oneOf(CUSTOMER_NUMBERS, 'validation.customer');

export const emailSchema = z
  .string({ error: 'validation.email.required' })
  .trim()
  .toLowerCase()
  .min(1, { error: 'validation.email.required' })
  .min(EMAIL_MIN, { error: 'validation.email.min' })
  .max(EMAIL_MAX, { error: 'validation.email.max' })
  .pipe(z.email({ error: 'validation.email.invalid' }));

/** SPEC §5: required, trimmed, 5 to 50 characters. */
export const newPasswordSchema = z
  .string({ error: 'validation.password.required' })
  .trim()
  .min(1, { error: 'validation.password.required' })
  .min(PASSWORD_MIN, { error: 'validation.password.min' })
  .max(PASSWORD_MAX, { error: 'validation.password.max' });

const name = (key: string) =>
  z
    .string({ error: `validation.${key}.required` })
    .trim()
    .min(1, { error: `validation.${key}.required` })
    .max(100, { error: 'validation.max' });
const optionalText = (max: number) => z.string().trim().max(max, { error: 'validation.max' }).optional().default('');

/** A child entry of an account (SPEC §3 userInspection). */
export const userInspectionSchema = z.object({
  _id: idSchema.optional(),
  firstName: z.string().trim().max(100).default(''),
  lastName: z.string().trim().max(100).default(''),
  dob: isoDate,
  positionsNummer: z.number().int().min(1),
  properties: z.record(z.string(), z.unknown()).default({}),
});
export type UserInspection = z.infer<typeof userInspectionSchema>;

/** An account as the API returns it. Secrets and tokens never appear here. */
export const userSchema = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  tel: z.string(),
  role: z.number().int(),
  customerRole: z.number().int().nullable(),
  department: z.number().int(),
  customer: z.number().int(),
  abbreviation: z.string(),
  is2FaUsed: z.boolean(),
  auswertung: z.boolean(),
  forecast: z.boolean(),
  isVerified: z.boolean(),
  isResigned: z.boolean(),
  tenants: z.array(z.string()),
  userInspection: z.array(userInspectionSchema.extend({ _id: z.string() })),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

/**
 * What an admin may set on an account. Server-set fields (SPEC §3) are not part of it and are
 * dropped; isResigned is the one exception: it is how an admin disables an account.
 */
export const userAdminWriteSchema = z.object({
  firstName: name('firstName'),
  lastName: name('lastName'),
  email: emailSchema,
  tel: optionalText(50),
  role: roleSchema,
  customerRole: customerRoleSchema.nullable().optional().default(null),
  department: departmentSchema.default(1),
  customer: customerSchema.default(0),
  abbreviation: z.string().trim().max(10, { error: 'validation.max' }).default(''),
  auswertung: z.boolean().default(false),
  forecast: z.boolean().default(false),
  isResigned: z.boolean().optional(),
  tenants: z.array(idSchema).default([]),
  userInspection: z.array(userInspectionSchema).default([]),
});
export type UserAdminWrite = z.infer<typeof userAdminWriteSchema>;

export const userCreateSchema = userAdminWriteSchema.extend({ password: newPasswordSchema.optional() });
export const userRegisterSchema = userAdminWriteSchema.extend({ password: newPasswordSchema });

/** What users may change on their own account (PUT users/{id}). */
/** The languages of the app (SPEC §9: German by default, English as fallback). */
export const languageSchema = z.enum(['de', 'en'], { error: 'validation.invalid' });
/** PUT users/me/language: the user's own choice, kept on the account and applied at every sign-in. */
export const userLanguageBody = z.object({ language: languageSchema });

export const userProfileWriteSchema = z.object({
  firstName: name('firstName'),
  lastName: name('lastName'),
  tel: optionalText(50),
  userInspection: z.array(userInspectionSchema).default([]),
});
export type UserProfileWrite = z.infer<typeof userProfileWriteSchema>;

export const userListQuery = pageQuery.extend({
  role: z.coerce.number().int().optional(),
  tenant: idSchema.optional(),
});
export const userListReply = paged(userSchema);

export const lookupItem = z.object({ id: z.number().int(), name: z.string(), label: z.string() });
export const lookupList = z.array(lookupItem);

export const userRef = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  abbreviation: z.string(),
  department: z.number().int(),
  email: z.string(),
});
