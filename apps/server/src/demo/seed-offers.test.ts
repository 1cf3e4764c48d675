import { berlinToday } from '@pruefbuch/domain/rules/next-inspection';
import { OFFER_AMPEL_LABELS, offerAmpel, TALK_RESULTS } from '@pruefbuch/domain/rules/offer-ampel';
import { offerMinimumIssues } from '@pruefbuch/domain/rules/record-minimum';
import { OFFER_DEFAULTS, RECEIVED_VIA } from '@pruefbuch/domain/schemas/offer';
import { and, eq, isNotNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/helper';
import { tempDir } from '../../test/temp-dir';
import { auditLogs, blobs, inspections, offerFiles, offers, tenants, users } from '../db/schema/index';
import { localFileStore } from '../platform/files';
import { seedDemo } from './seed';
import { DEMO_OFFER_COUNT, DEMO_OFFER_MONTHS, type DemoPeople, planDemoOffers } from './seed-offers';

const database = await openTestDatabase();
const files = localFileStore(tempDir('seed-offers-'));

/** The months YYYY-MM from `back` months before `today`'s month up to it. */
const monthsUpTo = (today: string, count: number) =>
  Array.from({ length: count }, (_, i) => {
    const [y, m] = today.split('-').map(Number) as [number, number];
    return new Date(Date.UTC(y, m - 1 - (count - 1 - i), 1)).toISOString().slice(0, 7);
  });

type Row = typeof offers.$inferSelect;
const ampelOf = (o: Row, today: string) =>
  offerAmpel(
    {
      ofmUser: o.ofmUser,
      receivedDate: o.receivedDate,
      deliveryDate: o.deliveryDate,
      ktb: o.ktb,
      ktbInformedAt: o.ktbInformedAt?.toISOString() ?? null,
      takeOverRequestedAt: o.takeOverRequestedAt?.toISOString() ?? null,
      angebot: o.angebot,
      opm: { orderId: o.orderId, status: o.opm.status },
      ersatzteile: o.ersatzteile,
    },
    today,
  );

describe('seedDemo: the demo offers', () => {
  it('seeds 150 offers of the first tenant in all 13 ampel labels, every talk result and channel, stored as the rule computes them', async () => {
    const db = database.db;
    const today = berlinToday();
    expect(await seedDemo(db, { files })).toBe(true);
    const [tenant] = await db.select().from(tenants).where(eq(tenants.url, 'rhein-main'));
    const rows = await db.select().from(offers);
    expect(rows).toHaveLength(DEMO_OFFER_COUNT);
    expect(new Set(rows.map((r) => r.tenantId))).toEqual(new Set([tenant?.id]));

    expect(new Set(rows.map((r) => r.ampel))).toEqual(new Set(OFFER_AMPEL_LABELS));
    expect(new Set(rows.map((r) => r.angebot.talkResult).filter(Boolean))).toEqual(new Set(TALK_RESULTS));
    expect(new Set(rows.map((r) => r.receivedVia))).toEqual(new Set(RECEIVED_VIA));
    expect(new Set(rows.map((r) => r.type))).toEqual(new Set(['offer', 'opm', 'spareparts']));
    for (const r of rows) {
      const ampel = ampelOf(r, today);
      expect(r.ampel, r.offerNr).toBe(ampel.label);
      expect(r.ampelRank, r.offerNr).toBe({ red: 3, orange: 2, green: 1 }[ampel.colour]);
      // What a saved offer needs (decision 028): a demo offer opens and saves as it is.
      const angebot = { ...OFFER_DEFAULTS.angebot, offerNr: r.offerNr ?? '' };
      expect(offerMinimumIssues({ objekt: r.objekt, debitor: r.debitor, csnr: r.csnr, angebot }), r.offerNr).toEqual(
        [],
      );
    }
    // Sums in the believable range; commissioned offers carry their order data unless the label says it is missing.
    const sums = rows.flatMap((r) => (r.offerSum === null ? [] : [r.offerSum]));
    expect(Math.min(...sums)).toBeGreaterThanOrEqual(800);
    expect(Math.max(...sums)).toBeLessThanOrEqual(48_000);
    const complete = rows.filter(
      (r) => r.status === 'commissioned' && !['order_data_missing', 'material_offer_received'].includes(r.ampel),
    );
    expect(complete.length).toBeGreaterThan(20);
    expect(complete.every((r) => r.ersatzteile.orderNumber && r.ersatzteile.orderDate && r.opmUser)).toBe(true);
    expect(rows.filter((r) => r.takeOverRequestedAt).length).toBeGreaterThan(10);
    // The talk comes after the offer.
    for (const r of rows.filter((x) => x.talkResultAt)) {
      expect((r.talkResultAt?.toISOString().slice(0, 10) ?? '') >= (r.angebot.offerDate ?? ''), r.offerNr).toBe(true);
    }
  });

  it('spreads the offer dates over the 18 months up to today, so every month of the evaluation has offers', async () => {
    const today = berlinToday();
    const rows = await database.db.select({ offerDate: offers.offerDate }).from(offers);
    const months = new Set(rows.flatMap((r) => (r.offerDate ? [r.offerDate.slice(0, 7)] : [])));
    expect([...months].sort()).toEqual(monthsUpTo(today, DEMO_OFFER_MONTHS));
    expect(rows.every((r) => !r.offerDate || r.offerDate <= today)).toBe(true);
  });

  it('gives the OFM users and the admin follow-ups due today or overdue ("Meine Nachfassungen")', async () => {
    const today = berlinToday();
    for (const email of ['ofm@demo.test', 'ofm2@demo.test', 'admin@demo.test']) {
      const mine = await database.db
        .select({ followUp: offers.offerFollowUpDate, ampel: offers.ampel })
        .from(offers)
        .innerJoin(users, eq(users.id, offers.ofmUser))
        .where(and(eq(users.email, email), eq(offers.status, 'waiting'), isNotNull(offers.offerFollowUpDate)));
      expect(
        mine.some((o) => o.followUp === today && o.ampel === 'follow_up_open'),
        email,
      ).toBe(true);
      expect(
        mine.some((o) => (o.followUp ?? '') < today && o.ampel === 'follow_up_expired'),
        email,
      ).toBe(true);
    }
  });

  it('stores about 20 offers’ attachments in the file store, and links a few offers to real defects', async () => {
    const db = database.db;
    const attached = await db
      .select({ offerId: offerFiles.offerId, blob: blobs })
      .from(offerFiles)
      .innerJoin(blobs, eq(blobs.id, offerFiles.blobId));
    expect(new Set(attached.map((a) => a.offerId)).size).toBeGreaterThanOrEqual(15);
    expect(new Set(attached.map((a) => a.blob.contentType))).toEqual(new Set(['application/pdf', 'image/png']));
    for (const { blob } of attached) {
      expect(blob.type).toBe('offer-attachment');
      expect(await files.exists(blob.sha256), blob.fileName).toBe(true);
    }
    const pdf = attached.find((a) => a.blob.contentType === 'application/pdf');
    const stream = await files.get(pdf?.blob.sha256 ?? '');
    const chunks: Buffer[] = [];
    for await (const c of stream ?? []) chunks.push(c as Buffer);
    const text = Buffer.concat(chunks).toString('latin1');
    expect(text.startsWith('%PDF-1.4')).toBe(true);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);

    const linked = await db
      .select({ offer: offers, record: inspections })
      .from(offers)
      .innerJoin(inspections, eq(inspections.id, offers.sourceRecordId))
      .where(isNotNull(offers.sourceDefectId));
    expect(linked.length).toBeGreaterThanOrEqual(3);
    for (const { offer, record } of linked) {
      expect(record.bookId).toBe(offer.sourceBookId);
      const defect = record.defects.find((d) => d._id === offer.sourceDefectId);
      expect(defect, offer.offerNr).toBeDefined();
      expect(offer.notes).toContain(defect?.text ?? '');
    }
  });

  it('writes the protocol: each offer’s creation, and its later steps', async () => {
    const rows = await database.db
      .select({ entityId: auditLogs.entityId, action: auditLogs.action, field: auditLogs.field })
      .from(auditLogs)
      .where(eq(auditLogs.entity, 'offer'));
    const created = new Set(rows.filter((r) => r.action === 'create').map((r) => r.entityId));
    expect(created.size).toBe(DEMO_OFFER_COUNT);
    const fields = new Set(rows.filter((r) => r.action === 'update').map((r) => r.field));
    for (const f of ['angebot.offerNr', 'angebot.talkResult', 'takeOverRequestedAt', 'file'])
      expect(fields).toContain(f);
  });
});

describe('planDemoOffers', () => {
  const people: DemoPeople = {
    ofm: '00000000-0000-4000-8000-000000000001',
    ofm2: '00000000-0000-4000-8000-000000000002',
    admin: '00000000-0000-4000-8000-000000000003',
    opm: ['00000000-0000-4000-8000-000000000004'],
    ktb: ['00000000-0000-4000-8000-000000000005'],
    abbreviation: new Map(),
  };

  it('is the same for the same day, and shows every label and month on any day of the year', () => {
    const at = (today: string) => planDemoOffers('t', today, new Date(`${today}T23:00:00Z`), people).rows;
    const strip = (rows: ReturnType<typeof at>) => rows.map(({ id: _id, ...r }) => r);
    expect(strip(at('2026-03-15'))).toEqual(strip(at('2026-03-15')));
    for (const today of ['2026-01-01', '2026-02-28', '2026-03-01', '2026-06-14', '2026-12-31', '2027-08-02']) {
      const rows = at(today);
      expect(new Set(rows.map((r) => r.ampel)), today).toEqual(new Set(OFFER_AMPEL_LABELS));
      expect(new Set(rows.map((r) => r.angebot.talkResult).filter(Boolean)), today).toEqual(new Set(TALK_RESULTS));
      const months = new Set(rows.flatMap((r) => (r.angebot.offerDate ? [r.angebot.offerDate.slice(0, 7)] : [])));
      expect([...months].sort(), today).toEqual(monthsUpTo(today, DEMO_OFFER_MONTHS));
      expect(
        rows.every((r) => (r.receivedDate ?? '') <= today && (r.angebot.offerDate ?? '') <= today),
        today,
      ).toBe(true);
    }
  });
});
