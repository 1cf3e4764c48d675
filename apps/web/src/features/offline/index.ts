/** What other features use of the offline feature (decision 061). */
export { OfflineDayCard } from './components/offline-day-card';
