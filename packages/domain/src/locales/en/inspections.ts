/** inspections (en). Filled by the inspections screens. */
export const inspections = {};
