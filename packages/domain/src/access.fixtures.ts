/** Shared by the access and navigation tests. */
import type { GuardResult } from './access';
import { CustomerRole, type Principal, ROLE_NUMBERS } from './roles';

export const sorted = <T extends number>(xs: readonly T[]) => [...xs].sort((a, b) => a - b);

export const ALLOW: GuardResult = { allow: true };

/** Every role, with and without the evaluation flag, with no or any customer role. */
export const PRINCIPALS: Principal[] = ROLE_NUMBERS.flatMap((role) =>
  [false, true].flatMap((auswertung) =>
    [null, ...Object.values(CustomerRole)].map((customerRole) => ({ role, auswertung, customerRole })),
  ),
);
