import type { retention as de } from '../de/retention';

/** Retired books, legal holds and retention (decision 059). */
export const retention: typeof de = {
  title: 'Retired inspection books',
  intro:
    'Deleting an inspection book with finalized records retires it: it leaves every list, search and reminder but is kept with its records, PDFs and documents for {{years}} years and can be restored here. After that the daily run deletes it for good, unless a legal hold names the book or its customer.',
  link: 'Retired inspection books',
  empty: 'No retired inspection books.',
  searchPlaceholder: 'Search book, customer or serial number',
  none: 'none',
  columns: {
    title: 'Inspection book',
    customer: 'Customer',
    retiredAt: 'Retired on',
    keptUntil: 'Kept until',
    records: 'Finalized records',
    hold: 'Hold',
  },
  holdOf: { book: 'Book held', customer: 'Customer held' },
  open: 'Open',
  restore: 'Restore',
  restoreConfirm: 'Restore “{{title}}”? It shows in every list and reminder again.',
  restored: 'Inspection book restored',
  retired:
    'Retired: the inspection book has left every list, is kept and is visible to admins only, who can restore it.',
  retire: 'Retire',
  deleteRetires:
    'The inspection book “{{title}}” has finalized records and is therefore not deleted but retired: it leaves every list, search and reminder, is kept with its records, PDFs and documents for {{years}} years and is visible to admins only, who can restore it.',
  deleteRetiresHeld:
    'The inspection book “{{title}}” is under a legal hold and is therefore not deleted but retired: it leaves every list, search and reminder, is kept and is visible to admins only, who can restore it.',
  banner: 'Retired on {{date}} – kept until {{until}}. Only admins see this inspection book.',
  holds: {
    title: 'Legal holds',
    intro:
      'While a hold stands, nothing of the book or the customer is deleted: neither a retired book after its retention nor an offer’s attachments after their deletion date.',
    empty: 'No legal holds.',
    customer: 'Customer',
    target: 'Applies to',
    customerHint: 'The customer’s name as in the inspection books or as debtor in the offers (case is ignored).',
    reason: 'Reason',
    add: 'Set hold',
    lift: 'Lift',
    liftConfirm: 'Lift the legal hold “{{name}}”? Purges that are due run in the next daily run.',
    set: 'Legal hold set',
    lifted: 'Legal hold lifted',
    book: 'Inspection book',
    since: 'Since',
    by: 'By',
    onBook: 'Legal hold',
    onBookSet: 'This inspection book is under a legal hold: {{reason}}',
    bookAction: 'Set legal hold',
  },
  purges: {
    title: 'Deleted for good',
    intro: 'Inspection books the daily run deleted after their retention.',
    empty: 'Nothing deleted yet.',
    at: 'Deleted on',
    book: 'Inspection book',
  },
  setting: {
    title: 'Retention',
    label: 'Retention of retired inspection books (years)',
    description: 'How long finalized records, PDFs and documents are kept after retirement. Only admins change it.',
  },
  errors: {
    bookOrCustomer: 'Name either an inspection book or a customer, not both.',
  },
};
