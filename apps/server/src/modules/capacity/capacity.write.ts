/**
 * Changing capacity planning: the settings (once per tenant, 409 on a stale __v; employees get an
 * _id) and the timeslots. Every write is one transaction; a slot's __v is checked in the UPDATE or
 * DELETE itself (… WHERE version = __v), so of two planners moving the same slot exactly one wins
 * and the other gets a 409. Writes of one order's slots lock the order first.
 */
import { randomUUID } from 'node:crypto';
import { berlinToday } from '@pruefbuch/domain/rules/next-inspection';
import type {
  CapacitySettingsFields,
  CapacitySettingsUpdate,
  FinishTimeslot,
  NewTimeslot,
  SaveCapacityByOrder,
  SaveTimeslots,
  ShiftTimeslot,
  WorkArea,
} from '@pruefbuch/domain/schemas/capacity';
import type { LevelWeek } from '@pruefbuch/domain/schemas/capacity-levelling';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { capacitySettings, capacityTimeslots } from '../../db/schema/index';
import { recordChanges } from '../../platform/audit';
import type { TenantContext } from '../../platform/context';
import { badField, conflict, notFound } from '../../platform/errors';
import { versionedUpdate } from '../../platform/versioned-write';
import { plannableOrder, requiredTimeReplyOf } from './capacity.read';
import {
  capacitySettingsAuditView,
  ensureSettings,
  findSlot,
  lockPlanOrder,
  lockPlanOrders,
  settingsOf,
  slotsByIds,
  slotsOfOrder,
  toSettingsDto,
  toSlotDto,
} from './capacity.repo';

// ---------------------------------------------------------------------------------------------
// Settings

/** The settings as stored: every employee with an _id (a new one gets one). */
const withIds = (f: CapacitySettingsFields): CapacitySettingsFields => ({
  bundesland: f.bundesland,
  mitarbeiter: f.mitarbeiter.map((e) => ({ ...e, _id: e._id || randomUUID() })),
  betriebsurlaub: f.betriebsurlaub,
  lokaleFeiertage: f.lokaleFeiertage,
});

const auditOf = (ctx: TenantContext, id: string, action: 'create' | 'update') => ({
  entity: 'capacity' as const,
  entityId: id,
  tenantId: ctx.tenantId,
  action,
});

/** POST capacity: the tenant's settings; a second one is a 409 CAPACITY_EXISTS. Recorded in the protocol. */
export async function createSettings(ctx: TenantContext, input: CapacitySettingsFields) {
  const row = await ctx.db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(capacitySettings)
      .values({ tenantId: ctx.tenantId, settings: withIds(input) })
      .onConflictDoNothing({ target: capacitySettings.tenantId })
      .returning();
    if (!inserted) throw conflict('CAPACITY_EXISTS');
    await recordChanges(
      tx,
      ctx,
      auditOf(ctx, inserted.id, 'create'),
      null,
      capacitySettingsAuditView(settingsOf(inserted)),
    );
    return inserted;
  });
  return toSettingsDto(row);
}

/**
 * PUT capacity/{id}: the whole settings replace the stored ones; a stale __v is a 409, another tenant's a 404.
 * Each change is recorded in the protocol, employee by employee (capacitySettingsAuditView).
 */
export async function updateSettings(ctx: TenantContext, id: string, input: CapacitySettingsUpdate) {
  const { __v, ...fields } = input;
  const row = await ctx.db.transaction(async (tx) => {
    const { row: updated } = await versionedUpdate(tx, capacitySettings, {
      tenantId: ctx.tenantId,
      id,
      __v,
      set: () => ({ settings: withIds(fields) }),
      audit: {
        ctx,
        entity: 'capacity',
        before: (current) => capacitySettingsAuditView(settingsOf(current)),
        after: (row) => capacitySettingsAuditView(settingsOf(row)),
      },
    });
    return updated;
  });
  return toSettingsDto(row);
}

// ---------------------------------------------------------------------------------------------
// Timeslots

async function lockOrderOf(tx: Tx, ctx: TenantContext, orderId: string) {
  if (!(await lockPlanOrder(tx, ctx.tenantId, orderId))) throw notFound();
}

/** A slot write that changed no row: the slot is gone or another tenant's (404), or its __v is stale (409). */
async function missed(tx: Tx, ctx: TenantContext, id: string): Promise<never> {
  throw (await findSlot(tx, ctx.tenantId, id)) ? conflict() : notFound();
}

/**
 * PUT capacity/put/saveCapacityByOrderId: replaces the order's unfinished slots with `slots` (e.g. a
 * proposal). `expected` names the unfinished slots as the planner read them; a slot changed, added
 * or removed since is a 409. Answers the order's required time with its new slots.
 */
export async function saveCapacityByOrder(ctx: TenantContext, input: SaveCapacityByOrder) {
  await ctx.db.transaction(async (tx) => {
    await lockOrderOf(tx, ctx, input.orderId);
    if (input.slots.length > 0) await plannableOrder(tx, ctx.tenantId, ctx.lang, input.orderId);
    const open = (await slotsOfOrder(tx, ctx.tenantId, input.orderId)).filter((s) => !s.finished);
    const expected = new Map(input.expected.map((e) => [e._id, e.__v]));
    const same = open.length === expected.size && open.every((s) => expected.get(s.id) === s.version);
    if (!same) throw conflict();
    if (open.length > 0)
      await tx.delete(capacityTimeslots).where(
        and(
          eq(capacityTimeslots.tenantId, ctx.tenantId),
          inArray(
            capacityTimeslots.id,
            open.map((s) => s.id),
          ),
        ),
      );
    if (input.slots.length > 0)
      await tx
        .insert(capacityTimeslots)
        .values(input.slots.map((s) => ({ ...s, tenantId: ctx.tenantId, orderId: input.orderId })));
  });
  return requiredTimeReplyOf(ctx.db, ctx.tenantId, input.orderId);
}

/** PUT capacity/put/saveNewTimeslot: one more slot of an order (another tenant's order is a 404). */
export async function saveNewTimeslot(ctx: TenantContext, input: NewTimeslot) {
  const row = await ctx.db.transaction(async (tx) => {
    await lockOrderOf(tx, ctx, input.orderId);
    await plannableOrder(tx, ctx.tenantId, ctx.lang, input.orderId);
    const [inserted] = await tx
      .insert(capacityTimeslots)
      .values({
        tenantId: ctx.tenantId,
        orderId: input.orderId,
        date: input.date,
        area: input.area,
        minutes: input.minutes,
      })
      .returning();
    if (!inserted) throw new Error('timeslot insert returned nothing');
    return inserted;
  });
  return toSlotDto(row);
}

/** PUT capacity/put/shiftTimeslot: moves a slot to another day (and area); a stale __v is a 409. */
export async function shiftTimeslot(ctx: TenantContext, input: ShiftTimeslot) {
  const row = await ctx.db.transaction(async (tx) => {
    const current = await findSlot(tx, ctx.tenantId, input._id);
    if (!current) throw notFound();
    const area = input.area ?? (current.area as WorkArea);
    // Who works it: as asked (an active employee of the area, or nobody); else kept within the area, none after
    // a move to another area (its employee works in the old one).
    let employeeId: string | null | undefined;
    if (input.employee !== undefined) {
      if (input.employee !== null) {
        const staff = settingsOf(await ensureSettings(tx, ctx.tenantId)).mitarbeiter;
        const who = staff.find((e) => e._id === input.employee);
        if (!who?.aktiv || who.bereich !== area) throw badField('employee', 'validation.slot.employee');
      }
      employeeId = input.employee;
    } else if (area !== current.area) employeeId = null;
    return updateSlot(tx, ctx, input._id, input.__v, {
      date: input.date,
      area,
      ...(employeeId !== undefined ? { employeeId } : {}),
    });
  });
  return toSlotDto(row);
}

/** PUT capacity/put/finishTimeslot: marks a slot done or not done; a stale __v is a 409. */
export async function finishTimeslot(ctx: TenantContext, input: FinishTimeslot) {
  const row = await ctx.db.transaction((tx) => updateSlot(tx, ctx, input._id, input.__v, { finished: input.finished }));
  return toSlotDto(row);
}

/** PUT capacity/put/saveTimeslots: changes several slots (day, area, minutes), all or none; one stale is a 409. */
export async function saveTimeslots(ctx: TenantContext, input: SaveTimeslots) {
  refuseDuplicates(
    'slots',
    input.slots.map((s) => s._id),
  );
  const rows = await ctx.db.transaction(async (tx) => {
    const out = [];
    for (const s of input.slots)
      out.push(await updateSlot(tx, ctx, s._id, s.__v, { date: s.date, area: s.area, minutes: s.minutes }));
    return out;
  });
  return rows.map(toSlotDto);
}

/** A 400 at `${list}.{i}._id` when a slot is named twice. */
function refuseDuplicates(list: string, ids: readonly string[]) {
  const i = ids.findIndex((id, n) => ids.indexOf(id) !== n);
  if (i >= 0) throw badField(`${list}.${i}._id`, 'validation.duplicate');
}

/**
 * PUT capacity/put/levelWeek: saves a levelling (decision 051) in one transaction. Each move names a slot
 * as it was read (__v), the day it goes to and the minutes it gives: all of them move the slot, fewer
 * split it (the rest stays, the part becomes a slot of its own on the new day). The orders are locked
 * first, in id order; a slot changed since is a 409, one of another tenant a 404; a move to today or
 * before, of a finished slot or of more minutes than the slot has is a 400 at its field. All or none.
 */
export async function levelWeek(ctx: TenantContext, input: LevelWeek) {
  refuseDuplicates(
    'moves',
    input.moves.map((m) => m._id),
  );
  const today = berlinToday();
  input.moves.forEach((m, i) => {
    if (m.date <= today) throw badField(`moves.${i}.date`, 'validation.slot.notAhead');
  });
  const rows = await ctx.db.transaction(async (tx) => {
    const found = new Map(
      (
        await slotsByIds(
          tx,
          ctx.tenantId,
          input.moves.map((m) => m._id),
        )
      ).map((r) => [r.id, r]),
    );
    await lockPlanOrders(tx, ctx.tenantId, [...new Set([...found.values()].map((r) => r.orderId))].sort());
    // Read again under the locks: a slot written meanwhile shows its new version.
    const current = new Map((await slotsByIds(tx, ctx.tenantId, [...found.keys()])).map((r) => [r.id, r]));
    input.moves.forEach((m, i) => {
      const row = current.get(m._id);
      if (!row) throw notFound();
      if (row.version !== m.__v) throw conflict();
      if (row.finished) throw badField(`moves.${i}._id`, 'validation.slot.finished');
      if (m.minutes > row.minutes) throw badField(`moves.${i}.minutes`, 'validation.slot.moreThanSlot');
    });
    const out = [];
    for (const m of input.moves) {
      const row = current.get(m._id) as NonNullable<ReturnType<typeof current.get>>;
      if (m.minutes === row.minutes) {
        out.push(await updateSlot(tx, ctx, row.id, row.version, { date: m.date }));
        continue;
      }
      out.push(await updateSlot(tx, ctx, row.id, row.version, { minutes: row.minutes - m.minutes }));
      const [part] = await tx
        .insert(capacityTimeslots)
        .values({ tenantId: ctx.tenantId, orderId: row.orderId, date: m.date, area: row.area, minutes: m.minutes })
        .returning();
      if (!part) throw new Error('timeslot insert returned nothing');
      out.push(part);
    }
    return out;
  });
  return rows.map(toSlotDto);
}

/** DELETE capacity/timeslot/{id}?__v=: removes a slot; a stale __v is a 409. */
export async function deleteTimeslot(ctx: TenantContext, id: string, version: number) {
  await ctx.db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(capacityTimeslots)
      .where(sameVersion(ctx, id, version))
      .returning({ id: capacityTimeslots.id });
    if (!deleted) await missed(tx, ctx, id);
  });
}

/** The slot of the tenant, only while it still has the version the planner read. */
const sameVersion = (ctx: TenantContext, id: string, version: number) =>
  and(
    eq(capacityTimeslots.tenantId, ctx.tenantId),
    eq(capacityTimeslots.id, id),
    eq(capacityTimeslots.version, version),
  );

/** Changes one slot if its version is still `version` (the check is in the UPDATE itself); else 404 or 409. */
async function updateSlot(
  tx: Tx,
  ctx: TenantContext,
  id: string,
  version: number,
  set: Partial<Pick<typeof capacityTimeslots.$inferInsert, 'date' | 'area' | 'minutes' | 'finished' | 'employeeId'>>,
) {
  const [updated] = await tx
    .update(capacityTimeslots)
    .set({ ...set, version: version + 1, updatedAt: new Date() })
    .where(sameVersion(ctx, id, version))
    .returning();
  return updated ?? missed(tx, ctx, id);
}
