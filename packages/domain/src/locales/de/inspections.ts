/** inspections (Deutsch). Filled by the inspections screens. */
export const inspections = {};
