/** qr (en). Filled by the qr screens. */
export const qr = {};
