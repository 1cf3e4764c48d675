/** lists (Deutsch). Filled by the lists screens. */
export const lists = {};
