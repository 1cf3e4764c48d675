/**
 * Which book staff may link to a branch (decision 038). A branch user opens every book linked to
 * their branch, so a book of another customer must never get there by a slip in the picker. A book
 * belongs to the branch's customer when its customer (the free text of SPEC §3) names the same
 * customer as the books already linked to that customer's branches in the tenant:
 *
 * | book's customer                           | customer's names known | confirmed | verdict                  |
 * |-------------------------------------------|------------------------|-----------|--------------------------|
 * | one of the names                          | yes                    | any       | link                     |
 * | another name                              | yes                    | any       | refuse                   |
 * | empty (no customer)                       | any                    | no        | confirm: no-customer     |
 * | empty (no customer)                       | any                    | yes       | link                     |
 * | a name                                    | no (first book)        | no        | confirm: first-book      |
 * | a name                                    | no (first book)        | yes       | link                     |
 *
 * Names compare without case, outer and repeated spaces.
 */

export type BookLinkVerdict = 'link' | 'refuse' | 'confirm-no-customer' | 'confirm-first-book';

/** A customer name as it compares: trimmed, spaces collapsed, lower case. */
export const customerKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLocaleLowerCase('de');

export function bookLinkVerdict(
  bookCustomer: string,
  /** The customers of the books linked to branches of the branch's customer in the tenant. */
  customerNames: readonly string[],
  confirmed: boolean,
): BookLinkVerdict {
  const key = customerKey(bookCustomer);
  const known = new Set(customerNames.map(customerKey).filter(Boolean));
  if (!key) return confirmed ? 'link' : 'confirm-no-customer';
  if (known.size === 0) return confirmed ? 'link' : 'confirm-first-book';
  return known.has(key) ? 'link' : 'refuse';
}
