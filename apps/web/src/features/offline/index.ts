/** What other features use of the offline feature (decisions 061, 062). */

export { loadOfflineDay } from './api/load-offline-day';
export { OfflineDayCard } from './components/offline-day-card';
export { preparedBookById, preparedBookByQr } from './offline-store';
