/** What other features use of the orders feature (everything else in it is its own). */
export { type TakeOverProposal, useTakeOverProposal } from './api/get-take-over-proposal';
export { useOrderFromOffer } from './api/order-from-offer';
