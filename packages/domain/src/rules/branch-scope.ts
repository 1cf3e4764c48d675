/**
 * Which customer locations (branches) a user sees (decision 019). Staff see every location of the
 * tenants they work in; a branch user (role 8) sees locations by their customer role:
 *
 * | customer role              | locations                                               |
 * |----------------------------|---------------------------------------------------------|
 * | default (Filialleiter)     | the locations assigned to them                          |
 * | regional manager           | the locations assigned to them (their region)           |
 * | control                    | every location of their customer                        |
 * | none                       | none                                                    |
 *
 * Books, records, documents, PDFs and QR codes follow: a branch user reaches a book only through a
 * visible, active location it is linked to, and only inside the book's visibility window.
 */
import { CustomerRole, type CustomerRoleNumber, isBranchUser, type Principal } from '../roles';

export type BranchScope =
  /** Staff: no limit beyond the tenant. */
  | { kind: 'all' }
  /** The locations assigned to the user. */
  | { kind: 'assigned' }
  /** Every location of the user's customer. */
  | { kind: 'customer' }
  /** Nothing. */
  | { kind: 'none' };

const BY_CUSTOMER_ROLE: Record<CustomerRoleNumber, BranchScope> = {
  [CustomerRole.ROLE_DEFAULT]: { kind: 'assigned' },
  [CustomerRole.ROLE_REGIONAL_MANAGER]: { kind: 'assigned' },
  [CustomerRole.ROLE_CONTROL]: { kind: 'customer' },
};

export function branchScopeOf(user: Pick<Principal, 'role' | 'customerRole'>): BranchScope {
  if (!isBranchUser(user)) return { kind: 'all' };
  return user.customerRole ? BY_CUSTOMER_ROLE[user.customerRole] : { kind: 'none' };
}

/** Whether a book is inside its visibility window on `today` (ISO dates; an open end is no limit). */
export function withinVisibility(book: { visibleFrom: string | null; visibleTo: string | null }, today: string) {
  return (!book.visibleFrom || book.visibleFrom <= today) && (!book.visibleTo || book.visibleTo >= today);
}
