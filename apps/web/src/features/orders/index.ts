/** What other features use of the orders feature (everything else in it is its own). */
export { useOrderFromOffer } from './api/order-from-offer';
