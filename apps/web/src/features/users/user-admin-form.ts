/** Form values and schemas of the admin's user form (user administration and register). */
import { Role } from '@pruefbuch/domain/roles';
import { type User, userAdminWriteSchema, userCreateSchema, userRegisterSchema } from '@pruefbuch/domain/schemas/user';
import { z } from 'zod';
import type { ChildEntry } from './child-entries';

export interface UserAdminValues {
  firstName: string;
  lastName: string;
  email: string;
  tel: string;
  role: number;
  customerRole: number | null;
  department: number;
  customer: number;
  abbreviation: string;
  auswertung: boolean;
  forecast: boolean;
  isResigned: boolean;
  tenants: string[];
  /** Not edited here, but sent back so an admin save never drops a user's child entries. */
  userInspection: ChildEntry[];
  password: string;
}

export type UserFormMode = 'create' | 'edit' | 'register';

export const emptyUserValues = (): UserAdminValues => ({
  firstName: '',
  lastName: '',
  email: '',
  tel: '',
  role: Role.STANDARD_ROLE,
  customerRole: null,
  department: 1,
  customer: 0,
  abbreviation: '',
  auswertung: false,
  forecast: false,
  isResigned: false,
  tenants: [],
  userInspection: [],
  password: '',
});

export const userToValues = (user: User): UserAdminValues => ({
  firstName: user.firstName,
  lastName: user.lastName,
  email: user.email,
  tel: user.tel ?? '',
  role: user.role,
  customerRole: user.customerRole,
  department: user.department,
  customer: user.customer,
  abbreviation: user.abbreviation ?? '',
  auswertung: user.auswertung,
  forecast: user.forecast,
  isResigned: user.isResigned,
  tenants: user.tenants ?? [],
  userInspection: user.userInspection ?? [],
  password: '',
});

/**
 * A customer role only means something for branch users (role 8); an empty optional password means
 * "none" (the user then activates the account by mail).
 */
function normalise(input: unknown): unknown {
  if (!input || typeof input !== 'object') return input;
  const v = input as UserAdminValues;
  const isBranch = v.role === Role.ROLE_FILIALE;
  return {
    ...v,
    customerRole: isBranch ? (v.customerRole ?? 1) : null,
    password: v.password ? v.password : undefined,
  };
}

export const USER_FORM_SCHEMAS = {
  create: z.preprocess(normalise, userCreateSchema),
  edit: z.preprocess(normalise, userAdminWriteSchema),
  register: z.preprocess(normalise, userRegisterSchema),
} as const;
