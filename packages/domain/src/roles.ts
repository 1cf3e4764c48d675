/** Role, customer-role, department and customer numbers of SPEC §3 and the authority names of §6. */

export const Role = {
  ADMIN_ROLE: 1,
  LIST_ADMIN_ROLE: 2,
  STANDARD_ROLE: 3,
  ACCEPTOR_ROLE: 4,
  PROJECT_ROLE: 5,
  PROJECT_ONLY_ROLE: 6,
  ROLE_LAGER: 7,
  ROLE_FILIALE: 8,
  ROLE_SERVICE_TECHNIKER: 9,
  ACCEPTOR_LITE_ROLE: 10,
  ROLE_FERTIGUNG: 11,
  ROLE_LEITER_FERTIGUNG: 12,
} as const;
export type RoleName = keyof typeof Role;
export type RoleNumber = (typeof Role)[RoleName];
export const ROLE_NUMBERS = Object.values(Role) as RoleNumber[];

/**
 * Authority names as the session carries them. Role 2 is called LIST_ADMIN_ROLE in the
 * route tables but is loaded as the authority ROLE_TENANTADMIN: both denote number 2.
 */
export const AUTHORITY_BY_ROLE = {
  1: 'ADMIN_ROLE',
  2: 'ROLE_TENANTADMIN',
  3: 'STANDARD_ROLE',
  4: 'ACCEPTOR_ROLE',
  5: 'PROJECT_ROLE',
  6: 'PROJECT_ONLY_ROLE',
  7: 'ROLE_LAGER',
  8: 'ROLE_FILIALE',
  9: 'ROLE_SERVICE_TECHNIKER',
  10: 'ACCEPTOR_LITE_ROLE',
  11: 'ROLE_FERTIGUNG',
  12: 'ROLE_LEITER_FERTIGUNG',
} as const satisfies Record<RoleNumber, string>;
export type Authority = (typeof AUTHORITY_BY_ROLE)[RoleNumber];

export function roleFromAuthority(authority: string): RoleNumber | undefined {
  if (authority === 'LIST_ADMIN_ROLE') return Role.LIST_ADMIN_ROLE;
  const hit = Object.entries(AUTHORITY_BY_ROLE).find(([, name]) => name === authority);
  return hit ? (Number(hit[0]) as RoleNumber) : undefined;
}

export const CustomerRole = {
  ROLE_DEFAULT: 1,
  ROLE_REGIONAL_MANAGER: 2,
  ROLE_CONTROL: 3,
} as const;
export type CustomerRoleName = keyof typeof CustomerRole;
export type CustomerRoleNumber = (typeof CustomerRole)[CustomerRoleName];
export const CUSTOMER_ROLE_NUMBERS = Object.values(CustomerRole) as CustomerRoleNumber[];
export const CUSTOMER_AUTHORITY_BY_ROLE = {
  1: 'ROLE_DEFAULT',
  2: 'ROLE_REGIONAL_MANAGER',
  3: 'ROLE_CONTROL',
} as const satisfies Record<CustomerRoleNumber, CustomerRoleName>;

export const Department = {
  NO_DEPARTMENT: 1,
  EL: 2,
  OPM: 3,
  KTB: 4,
  OFM: 5,
} as const;
export type DepartmentName = keyof typeof Department;
export type DepartmentNumber = (typeof Department)[DepartmentName];
export const DEPARTMENT_NUMBERS = Object.values(Department) as DepartmentNumber[];

export const Customer = {
  NO_CUSTOMER: 0,
  /** The one retail customer whose branches use the customer-location screens. */
  RETAIL_CUSTOMER: 1,
} as const;
export type CustomerName = keyof typeof Customer;
export type CustomerNumber = (typeof Customer)[CustomerName];
export const CUSTOMER_NUMBERS = Object.values(Customer) as CustomerNumber[];

/** Everything the route guard, the nav bar and the API guards need to know of a user. */
export interface Principal {
  role: RoleNumber;
  customerRole?: CustomerRoleNumber | null;
  auswertung?: boolean;
  forecast?: boolean;
}

export const isBranchUser = (p: Pick<Principal, 'role'>) => p.role === Role.ROLE_FILIALE;
export const isAdmin = (p: Pick<Principal, 'role'>) => p.role === Role.ADMIN_ROLE;
