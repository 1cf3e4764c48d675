/** What other features use of the offline feature (decisions 061, 062). */
export { OfflineDayCard } from './components/offline-day-card';
export { preparedBookByQr } from './offline-store';
