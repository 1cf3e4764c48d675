/** lists (en). Filled by the lists screens. */
export const lists = {};
