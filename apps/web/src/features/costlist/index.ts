/** What other features use of the cost list feature (everything else in it is its own). */
export { useCostList } from './api/get-cost-list';
