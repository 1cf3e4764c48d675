/** What other features use of the inspections feature: the cards the book page shows (everything else in it is its own). */
export { BookDefectsCard } from './components/book-defects-card';
export { BookRecordsCard } from './components/book-records-card';
export { BookVerification } from './components/book-verification';
export { BookingCard } from './components/booking-card';
export { PdfAssetsCard } from './components/pdf-assets-card';
export { ShutDownPanel } from './components/shut-down-panel';
