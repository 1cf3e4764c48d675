/** What other features use of the defect reports feature: the card the book page shows (everything else in it is its own). */
export { BookDefectReportsCard } from './components/book-defect-reports-card';
