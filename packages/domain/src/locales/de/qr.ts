/** qr (Deutsch). Filled by the qr screens. */
export const qr = {};
