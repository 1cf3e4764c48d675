import { berlinToday } from '@pruefbuch/domain/rules/next-inspection';
/**
 * The orders' daily run: every order's ampels move on to the new day (dates pass without any write).
 * Neither __v nor updatedAt move: no field changed, only the day. The list item shows the ampels: it is
 * written anew with them. Registered by main.ts; tests call
 * runOrderDay with a date.
 */
import type { OrderStatus } from '@pruefbuch/domain/rules/order-status';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema/index';
import { type JobLog, type Scheduler, startAlone } from '../../platform/jobs';
import { updateRows } from '../../platform/row-updates';
import { derivedOf, fieldsOf, type OrderRow, orderColumns } from './orders.repo';
import { listItemOf } from './orders.store';

const BATCH = 2000;
/**
 * Recomputes the ampels of every order (of one tenant, when named) for `today`; returns how many it changed. An
 * order written between the run's read and its write (its row version, xmin, is no longer the one read) is left
 * as that write left it: the write stored its own ampels and list item, made from the newer row.
 */
export async function runOrderDay(db: Db, today: string = berlinToday(), opts: { tenantId?: string } = {}) {
  let changed = 0;
  let after: string | null = null;
  for (;;) {
    const read = await db
      .select({ row: orderColumns, xmin: sql<string>`xmin::text` })
      .from(orders)
      .where(
        and(opts.tenantId ? eq(orders.tenantId, opts.tenantId) : undefined, after ? gt(orders.id, after) : undefined),
      )
      .orderBy(asc(orders.id))
      .limit(BATCH);
    if (read.length === 0) break;
    after = read[read.length - 1]?.row.id ?? null;
    const moved = read.flatMap(({ row, xmin }: { row: OrderRow; xmin: string }) => {
      const d = derivedOf(fieldsOf(row), row.status as OrderStatus, today);
      const same =
        d.vkidAmpel === row.vkidAmpel &&
        d.elAmpel === row.elAmpel &&
        d.gesamtAmpel === row.gesamtAmpel &&
        d.gesamtRank === row.gesamtRank;
      return same ? [] : [{ id: row.id, tenantId: row.tenantId, xmin, d, item: listItemOf({ ...row, ...d }) }];
    });
    // The changed orders of the batch: ampels, rank and list item, each order named with its tenant and version.
    const written = await updateRows(
      db,
      orders,
      moved.map(({ id, tenantId, xmin, d, item }) => ({
        id,
        tenantId,
        seen: xmin,
        set: {
          vkidAmpel: d.vkidAmpel,
          elAmpel: d.elAmpel,
          gesamtAmpel: d.gesamtAmpel,
          gesamtRank: d.gesamtRank,
          listItem: item,
        },
      })),
    );
    changed += written.length;
    if (read.length < BATCH) break;
  }
  return { ampels: changed };
}

/**
 * Checked hourly two minutes past the hour: the first run of each new day (Europe/Berlin) that
 * succeeds recomputes the ampels; the day of the job's last success tells, whichever process had it.
 */
export function scheduleOrderDay(scheduler: Pick<Scheduler, 'schedule'>, db: Db, log: JobLog) {
  scheduler.schedule('order-day', { cron: '2 * * * *', firstAfterMs: 2 * 60 * 1000 }, async ({ lastOkAt }) => {
    const today = berlinToday();
    if (lastOkAt && berlinToday(lastOkAt) === today) return;
    const r = await runOrderDay(db, today);
    log.info({ day: today, ...r }, 'order day run');
  });
}

/** The orders' day on its own in-process scheduler (tests). */
export const startOrderDayJob = (db: Db, log: JobLog) =>
  startAlone(db, log, 'order-day', (s) => scheduleOrderDay(s, db, log));
