/**
 * The component codes of an order's door configuration come from the catalogue (rules/door-codes.ts,
 * decision 052): a code outside it is refused at its field (400) unless a catalogue keeper confirms it
 * in `tuer.bestaetigt`; a newly confirmed code is logged after the write (SPEC §8) and recorded in the
 * order's protocol with the block.
 */
import { mayCall } from '@pruefbuch/domain/access';
import { checkDoorCodes, doorCodesOf } from '@pruefbuch/domain/rules/door-codes';
import type { DoorConfig } from '@pruefbuch/domain/schemas/order';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/client';
import type { TenantContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { componentKinds } from '../components/components.repo';

export type ConfirmedCode = { field: string; code: string };
export type DoorCodeLog = Pick<FastifyBaseLogger, 'warn'>;

/** The door configuration to save, and the codes this write confirms outside the catalogue; else a 400 at the fields. */
export async function checkedDoor(
  db: Executor,
  ctx: TenantContext,
  before: DoorConfig | null,
  next: DoorConfig,
): Promise<{ tuer: DoorConfig; newlyConfirmed: ConfirmedCode[] }> {
  const kinds = await componentKinds(db, doorCodesOf(next));
  const check = checkDoorCodes({
    before,
    next,
    kindOf: (code) => kinds.get(code),
    mayConfirm: mayCall('components:manage', ctx.user),
  });
  if (check.issues.length) {
    throw new AppError(
      'VALIDATION',
      400,
      check.issues.map((i) => ({ field: i.field, key: i.key, message: i.key })),
    );
  }
  const newlyConfirmed = check.confirmed.filter((c) => c.isNew).map(({ field, code }) => ({ field, code }));
  return { tuer: check.tuer, newlyConfirmed };
}

/** SPEC §8: a code without a catalogue text is logged; here when a catalogue keeper confirms it for an order. */
export function logConfirmed(
  log: DoorCodeLog | undefined,
  ctx: TenantContext,
  orderId: string,
  codes: ConfirmedCode[],
) {
  if (!log || codes.length === 0) return;
  log.warn(
    { orderId, tenantId: ctx.tenantId, userId: ctx.user.id, codes },
    'door component codes outside the catalogue confirmed',
  );
}
