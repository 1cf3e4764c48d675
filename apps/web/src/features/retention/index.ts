/** What other features use of the retention feature: the book page's pieces of retirement and legal hold (decision 059). */
export { BookLegalHold } from './components/book-legal-hold';
export { openLegalHoldDialog } from './components/open-legal-hold-dialog';
export { RetiredBookBanner } from './components/retired-book-banner';
export { useBookHold } from './components/use-book-hold';
