/**
 * Queries of capacity planning: the tenant's settings (one row, created with the defaults on first
 * read), timeslots, the orders to plan and the planned minutes per order and area. Every query takes
 * the tenant id of the verified request.
 */
import { requiredTimeOf } from '@pruefbuch/domain/rules/capacity-time';
import {
  type AreaMinutes,
  CAPACITY_SETTINGS_DEFAULTS,
  type CapacitySettings,
  type CapacitySettingsFields,
  type CostListFields,
  NO_MINUTES,
  type PlannedSlot,
  type Timeslot,
  type WorkArea,
} from '@pruefbuch/domain/schemas/capacity';
import { and, asc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import { isAnyOf } from '../../db/any-of';
import type { Executor } from '../../db/client';
import { capacitySettings, capacityTimeslots, orders } from '../../db/schema/index';
import { orderSearch } from '../orders/orders.repo';

export type SettingsRow = typeof capacitySettings.$inferSelect;
export type SlotRow = typeof capacityTimeslots.$inferSelect;

// ---------------------------------------------------------------------------------------------
// Settings

export function toSettingsDto(r: SettingsRow): CapacitySettings {
  return {
    ...r.settings,
    mitarbeiter: r.settings.mitarbeiter.map((e) => ({ ...e, _id: e._id ?? '' })),
    _id: r.id,
    __v: r.version,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

export async function findSettings(db: Executor, tenantId: string): Promise<SettingsRow | null> {
  const [row] = await db.select().from(capacitySettings).where(eq(capacitySettings.tenantId, tenantId)).limit(1);
  return row ?? null;
}

/** The tenant's settings, created with the defaults when there are none (ON CONFLICT DO NOTHING: once). */
export async function ensureSettings(db: Executor, tenantId: string): Promise<SettingsRow> {
  const found = await findSettings(db, tenantId);
  if (found) return found;
  await db
    .insert(capacitySettings)
    .values({ tenantId, settings: CAPACITY_SETTINGS_DEFAULTS })
    .onConflictDoNothing({ target: capacitySettings.tenantId });
  const row = await findSettings(db, tenantId);
  if (!row) throw new Error('capacity settings insert left no row');
  return row;
}

export async function findSettingsById(db: Executor, tenantId: string, id: string): Promise<SettingsRow | null> {
  const [row] = await db
    .select()
    .from(capacitySettings)
    .where(and(eq(capacitySettings.tenantId, tenantId), eq(capacitySettings.id, id)))
    .limit(1);
  return row ?? null;
}

/**
 * What the protocol records of the settings (domain protocol.ts CAPACITY): the federal state, the operating
 * holidays and local days as lists, and each employee on its own — its name, area, hours and whether it is
 * active under 'mitarbeiter.<id>', its absences (with its name) under 'mitarbeiter.<id>.abwesenheiten' — so
 * that a change names the employee and an absence entered does not repeat the working hours.
 */
export function capacitySettingsAuditView(f: CapacitySettingsFields): Record<string, unknown> {
  const view: Record<string, unknown> = {
    bundesland: f.bundesland,
    betriebsurlaub: f.betriebsurlaub.length ? f.betriebsurlaub : null,
    lokaleFeiertage: f.lokaleFeiertage.length ? f.lokaleFeiertage : null,
  };
  for (const e of f.mitarbeiter) {
    const key = `mitarbeiter.${e._id ?? e.name}`;
    view[key] = { name: e.name, bereich: e.bereich, arbeitszeit: e.arbeitszeit, aktiv: e.aktiv };
    view[`${key}.abwesenheiten`] = e.abwesenheiten.length ? { name: e.name, abwesenheiten: e.abwesenheiten } : null;
  }
  return view;
}

/** The settings' fields as the rules read them. */
export const settingsOf = (r: SettingsRow): CapacitySettingsFields => r.settings;

// ---------------------------------------------------------------------------------------------
// Timeslots

export function toSlotDto(r: SlotRow): Timeslot {
  return {
    _id: r.id,
    orderId: r.orderId,
    date: r.date,
    area: r.area as WorkArea,
    minutes: r.minutes,
    finished: r.finished,
    employee: r.employeeId,
    __v: r.version,
  };
}

export async function slotsOfOrder(db: Executor, tenantId: string, orderId: string): Promise<SlotRow[]> {
  return db
    .select()
    .from(capacityTimeslots)
    .where(and(eq(capacityTimeslots.tenantId, tenantId), eq(capacityTimeslots.orderId, orderId)))
    .orderBy(asc(capacityTimeslots.date), asc(capacityTimeslots.area), asc(capacityTimeslots.id));
}

/** The slots of these orders (of the tenant), by date. */
export async function slotsOfOrders(db: Executor, tenantId: string, orderIds: readonly string[]): Promise<SlotRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(capacityTimeslots)
    .where(and(eq(capacityTimeslots.tenantId, tenantId), isAnyOf(capacityTimeslots.orderId, orderIds)))
    .orderBy(asc(capacityTimeslots.date), asc(capacityTimeslots.area), asc(capacityTimeslots.id));
}

export async function findSlot(db: Executor, tenantId: string, id: string): Promise<SlotRow | null> {
  const [row] = await db
    .select()
    .from(capacityTimeslots)
    .where(and(eq(capacityTimeslots.tenantId, tenantId), eq(capacityTimeslots.id, id)))
    .limit(1);
  return row ?? null;
}

/**
 * The slots from `from` to `to` with what a board card shows of their order: ONE query (the slots
 * by the (tenant, date) index, their orders by primary key).
 */
export async function plannedSlotsBetween(
  db: Executor,
  tenantId: string,
  from: string,
  to: string,
): Promise<PlannedSlot[]> {
  const rows = await db
    .select({
      id: capacityTimeslots.id,
      orderId: capacityTimeslots.orderId,
      date: capacityTimeslots.date,
      area: capacityTimeslots.area,
      minutes: capacityTimeslots.minutes,
      finished: capacityTimeslots.finished,
      employeeId: capacityTimeslots.employeeId,
      version: capacityTimeslots.version,
      abnr: orders.abnr,
      objekt: orders.objekt,
      kunde: orders.kunde,
      geplanteMontage: orders.vkidGeplanteMontageDate,
    })
    .from(capacityTimeslots)
    .innerJoin(orders, and(eq(orders.id, capacityTimeslots.orderId), eq(orders.tenantId, capacityTimeslots.tenantId)))
    .where(
      and(eq(capacityTimeslots.tenantId, tenantId), gte(capacityTimeslots.date, from), lte(capacityTimeslots.date, to)),
    )
    .orderBy(asc(capacityTimeslots.date), asc(orders.abnr), asc(capacityTimeslots.area), asc(capacityTimeslots.id));
  return rows.map((r) => ({
    _id: r.id,
    orderId: r.orderId,
    date: r.date,
    area: r.area as WorkArea,
    minutes: r.minutes,
    finished: r.finished,
    employee: r.employeeId,
    __v: r.version,
    abnr: r.abnr,
    objekt: r.objekt,
    kunde: r.kunde,
    geplanteMontage: r.geplanteMontage,
    conflicts: [],
  }));
}

/**
 * Planned minutes per day and area from `from` to `to`, leaving out the unfinished slots of one
 * order when one is named (the proposal re-plans those).
 */
export async function plannedMinutesBetween(
  db: Executor,
  tenantId: string,
  from: string,
  to: string,
  exceptUnfinishedOf?: string,
): Promise<Map<string, AreaMinutes>> {
  const rows = await db
    .select({
      date: capacityTimeslots.date,
      area: capacityTimeslots.area,
      minutes: sql<number>`sum(${capacityTimeslots.minutes})`.mapWith(Number),
    })
    .from(capacityTimeslots)
    .where(
      and(
        eq(capacityTimeslots.tenantId, tenantId),
        gte(capacityTimeslots.date, from),
        lte(capacityTimeslots.date, to),
        exceptUnfinishedOf
          ? sql`not (${capacityTimeslots.orderId} = ${exceptUnfinishedOf} and not ${capacityTimeslots.finished})`
          : undefined,
      ),
    )
    .groupBy(capacityTimeslots.date, capacityTimeslots.area);
  const out = new Map<string, AreaMinutes>();
  for (const r of rows) {
    const day = out.get(r.date) ?? { ...NO_MINUTES };
    day[r.area as WorkArea] += r.minutes;
    out.set(r.date, day);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Orders to plan

/** The statuses before installation: an order in one of them (and active) is to be produced. */
export const PLANNABLE_STATUSES = ['CREATED', 'AKT_KW_VKID', 'AKT_KW'] as const;

/** What the required time and the list of orders to plan read of an order. */
export const planColumns = {
  id: orders.id,
  abnr: orders.abnr,
  objekt: orders.objekt,
  kunde: orders.kunde,
  status: orders.status,
  active: orders.active,
  geplanteMontage: orders.vkidGeplanteMontageDate,
  tuer: orders.tuer,
  fertigung: orders.fertigung,
};
export type PlanOrder = {
  id: string;
  abnr: string;
  objekt: string;
  kunde: string;
  status: string;
  active: boolean;
  geplanteMontage: string | null;
  tuer: (typeof orders.$inferSelect)['tuer'];
  fertigung: (typeof orders.$inferSelect)['fertigung'];
};

/** The required time of a plan order with the tenant's cost list (rules/capacity-time.ts). */
export const requiredOf = (o: PlanOrder, c: CostListFields) =>
  requiredTimeOf({ tuer: o.tuer, fertigung: o.fertigung }, c);

export async function findPlanOrder(db: Executor, tenantId: string, id: string): Promise<PlanOrder | null> {
  const [row] = await db
    .select(planColumns)
    .from(orders)
    .where(and(eq(orders.tenantId, tenantId), eq(orders.id, id)))
    .limit(1);
  return row ?? null;
}

/** The plan view of these orders of the tenant (another tenant's are left out). */
export async function planOrdersByIds(db: Executor, tenantId: string, ids: readonly string[]): Promise<PlanOrder[]> {
  if (ids.length === 0) return [];
  return db
    .select(planColumns)
    .from(orders)
    .where(and(eq(orders.tenantId, tenantId), isAnyOf(orders.id, ids)));
}

/** Locks the order (another tenant's is null): writes of one order's slots run one after the other. */
export async function lockPlanOrder(db: Executor, tenantId: string, id: string) {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.tenantId, tenantId), eq(orders.id, id)))
    .limit(1)
    .for('update');
  return row ?? null;
}

/** Locks these orders of the tenant in id order (so two writers never wait on each other); answers the ids found. */
export async function lockPlanOrders(db: Executor, tenantId: string, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.tenantId, tenantId), inArray(orders.id, [...ids])))
    .orderBy(asc(orders.id))
    .for('update');
  return rows.map((r) => r.id);
}

/** These slots of the tenant (another tenant's are left out). */
export async function slotsByIds(db: Executor, tenantId: string, ids: readonly string[]): Promise<SlotRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(capacityTimeslots)
    .where(and(eq(capacityTimeslots.tenantId, tenantId), inArray(capacityTimeslots.id, [...ids])));
}

/** Active orders in a status before installation (the plannable ones), searched. */
export async function plannableOrders(
  db: Executor,
  tenantId: string,
  search: string | undefined,
): Promise<PlanOrder[]> {
  const where = and(
    eq(orders.tenantId, tenantId),
    eq(orders.active, true),
    inArray(orders.status, [...PLANNABLE_STATUSES]),
    // The order list's free search (its stored text): AB-Nr, object, customer, CS-Nr, TP and service id.
    orderSearch(search),
  ) as SQL;
  return db
    .select(planColumns)
    .from(orders)
    .where(where)
    .orderBy(sql`${orders.vkidGeplanteMontageDate} asc nulls last`, asc(orders.abnr), asc(orders.id));
}

/** Planned minutes per area of the orders of these slots (finished and not), by order id. */
export function plannedOf(slots: readonly Pick<SlotRow, 'orderId' | 'area' | 'minutes'>[]): Map<string, AreaMinutes> {
  const out = new Map<string, AreaMinutes>();
  for (const x of slots) {
    const m = out.get(x.orderId) ?? { ...NO_MINUTES };
    m[x.area as WorkArea] += x.minutes;
    out.set(x.orderId, m);
  }
  return out;
}
