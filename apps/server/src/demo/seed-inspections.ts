/**
 * Demo records of the demo books (seed-books.ts): periodic inspections, maintenance, expert
 * reports (one an acceptance report), the operators' self-inspections, a few defects of every
 * severity and one draft in progress; then every book's schedule is computed as finalize does,
 * so the ampels show a realistic mix of green, orange, red and black.
 */
import { randomUUID } from 'node:crypto';
import { BookStatus } from '@pruefbuch/domain/rules/book-status';
import {
  checklistFor,
  type Installation,
  installationOf,
  type TypeChecklistItem,
  typeChecklistFor,
} from '@pruefbuch/domain/rules/checklists';
import { berlinToday } from '@pruefbuch/domain/rules/next-inspection';
import { selfInspectionText } from '@pruefbuch/domain/rules/self-inspection';
import { intervalBefore, ServiceInterval } from '@pruefbuch/domain/rules/service-intervals';
import type { ChecklistEntry, Defect, InspectionKind } from '@pruefbuch/domain/schemas/inspection';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { books, bookTypes, inspections, users } from '../db/schema/index';
import { scheduleFor, statusAfter } from '../modules/books/books.schedule';
import { toBookTypeDto } from '../modules/booktypes/booktypes.repo';
import { blankChecklist } from '../modules/inspections/inspections.input';
import { dayFromToday, minDay } from './seed-days';
import { signatureOf } from './seed-signature';

/** The same calendar day a year earlier (29 February becomes 28 February). */
const yearBefore = (iso: string) => intervalBefore(iso, ServiceInterval.YEARLY) as string;

interface DefectSpec {
  item: string;
  text: string;
  severity: Defect['severity'];
  resolved?: boolean;
}

interface Scenario {
  /** Days from today to the next inspection: the latest record is dated one interval (a year) before. None: no record yet. */
  due?: number;
  kind?: 'inspection' | 'wartung';
  defects?: DefectSpec[];
  /** An earlier record a year before the latest, with these defects. */
  history?: DefectSpec[];
  /** Days ago of an expert report: an acceptance report after the latest record. */
  acceptanceAgo?: number;
  /** Days ago of the operator's finalized self-inspections. */
  selfAgo?: number[];
  /** The office marked the book expired (STATUS_EXPIRED) by hand. */
  expired?: boolean;
}

const SAFE_DOOR: DefectSpec = {
  item: 'door.mechanics',
  text: 'Bodenführung leicht eingelaufen; bei der nächsten Wartung tauschen.',
  severity: 'safe',
};
const SIGNAGE: DefectSpec = {
  item: 'door.signage',
  text: 'Aufkleber „Automatische Tür“ außen verblasst; neu bekleben.',
  severity: 'safe',
};

/** Per demo book (by the part of its title after the customer): what happened to it. */
const SCENARIOS: Record<string, Scenario> = {
  'Haupteingang Zeil': {
    due: 210,
    kind: 'inspection',
    history: [SAFE_DOOR],
    defects: [{ ...SAFE_DOOR, resolved: true }],
    selfAgo: [40, 12],
  },
  'Eingang Holzgraben': { due: 12, kind: 'wartung', defects: [SIGNAGE], selfAgo: [33] },
  'Karusselltür Haupteingang': { due: 95, kind: 'inspection', acceptanceAgo: 30, selfAgo: [20] },
  'RWA Treppenhaus Nord': { due: 40, kind: 'inspection', history: [], selfAgo: [150, 60] },
  'Feststellanlage Lager 2. OG': {
    due: 345,
    kind: 'inspection',
    defects: [
      {
        item: 'holdOpen.detectors',
        text: 'Rauchschalter löst bei Prüfgas nicht aus. Feststellanlage außer Betrieb genommen; Tür bis zur Instandsetzung geschlossen halten.',
        severity: 'shutdown',
      },
    ],
    selfAgo: [45],
  },
  'Haupteingang Schaumainkai': { due: 150, kind: 'wartung', selfAgo: [8] },
  'Gartenhallen Zugang': { due: -120, kind: 'inspection', expired: true, selfAgo: [160] },
  'Notaufnahme Liegendzufahrt': { due: 60, kind: 'inspection', selfAgo: [26, 3] },
  // Handed over, acceptance pending: the operator already checks it, the first inspection is overdue.
  'OP-Trakt Schleuse 3': { selfAgo: [10] },
  'Feststellanlage Flur B3': { due: 25, kind: 'inspection', selfAgo: [14] },
  'Halle 12 Ostzugang': { due: 300, kind: 'inspection', acceptanceAgo: 20 },
  'RWA Halle 12 Dach': { due: 5, kind: 'wartung', history: [], selfAgo: [100] },
  'Rolltor Zufahrt': {
    due: 180,
    kind: 'inspection',
    defects: [
      {
        item: 'gate.signalling',
        text: 'Signalleuchte innen defekt; Leuchtmittel getauscht.',
        severity: 'safe',
        resolved: true,
      },
    ],
  },
  'Schalterhalle Rheinstraße': { due: 120, kind: 'wartung', history: [SIGNAGE], selfAgo: [18] },
  'Nebeneingang Kundenhalle': { due: 8, kind: 'wartung', selfAgo: [50] },
  'RWA Treppenhaus': {
    due: -3,
    kind: 'inspection',
    expired: true,
    defects: [
      {
        item: 'rwa.emergencyPower',
        text: 'Akkus der RWA-Zentrale älter als 4 Jahre, Kapazität grenzwertig; Tausch empfohlen.',
        severity: 'safe',
      },
    ],
    selfAgo: [95],
  },
  'Haupteingang Friedrich-Ebert-Allee': { due: 330, kind: 'inspection', acceptanceAgo: 33, selfAgo: [9] },
  'Feststellanlage Foyer': { due: 70, kind: 'inspection', selfAgo: [22] },
  'Notaufnahme Eingang': { due: 35, kind: 'wartung', history: [], selfAgo: [29] },
  'Intensivstation Zugang': {
    due: -10,
    kind: 'inspection',
    defects: [
      {
        item: 'swing.swingArea',
        text: 'Sicherheitssensor im Schwenkbereich (Schließseite) reagiert verzögert. Betrieb erst nach Instandsetzung.',
        severity: 'repair',
      },
      {
        item: 'swing.mechanics',
        text: 'Gleitschiene leicht eingelaufen; bei der nächsten Wartung tauschen.',
        severity: 'safe',
      },
    ],
    selfAgo: [38],
  },
  'RWA Haus 1': { due: 88, kind: 'inspection', selfAgo: [70] },
  'Karo 5 Haupteingang': { due: 160, kind: 'wartung', selfAgo: [35] },
  'Anlieferung Rolltor': { due: 240, kind: 'inspection', history: [] },
};

/** The texts of the specialist's records, by installation (sliding, swing and other doors share the door's). */
const TEXT: Record<Exclude<Installation, 'sliding' | 'swing'>, { inspection: string; wartung: string }> = {
  door: {
    inspection:
      'Sachkundigenprüfung der automatischen Tür nach DIN 18650 / EN 16005 und ASR A1.7. Kraftmessung an Haupt- und Nebenschließkanten durchgeführt.',
    wartung:
      'Wartung nach Herstellervorgabe: Laufwerk gereinigt und geschmiert, Sensorik justiert, Notöffnung geprüft.',
  },
  revolving: {
    inspection: 'Sachkundigenprüfung der Karusselltür nach DIN 18650 / EN 16005; Break-Out und Not-Halt geprüft.',
    wartung: 'Wartung der Karusselltür: Antrieb, Kantenschutz und Bürstendichtungen geprüft und eingestellt.',
  },
  rwa: {
    inspection:
      'Prüfung der Rauch- und Wärmeabzugsanlage nach DIN 18232-2: Auslösung über Melder und Handtaster, Öffnungszeiten gemessen.',
    wartung: 'Wartung der RWA-Anlage: Zentrale, Akkus, Antriebe und Lüftungsfunktion geprüft.',
  },
  holdOpen: {
    inspection:
      'Prüfung der Feststellanlage nach DIN 14677: Auslösung mit Prüfgas, Handauslösung und Schließfolge geprüft.',
    wartung: 'Wartung der Feststellanlage: Melder gereinigt, Haftmagnete geprüft.',
  },
  gate: {
    inspection:
      'Sachkundigenprüfung des kraftbetätigten Tores nach ASR A1.7 und DIN EN 12453; Kraftmessung durchgeführt.',
    wartung: 'Wartung des Tores: Federn, Seile und Laufschienen geprüft, Endlagen eingestellt.',
  },
  general: { inspection: 'Sachkundigenprüfung durchgeführt.', wartung: 'Wartung durchgeführt.' },
};
const textOf = (installation: Installation) =>
  TEXT[installation === 'sliding' || installation === 'swing' ? 'door' : installation];
const DOORS: readonly Installation[] = ['sliding', 'swing', 'revolving', 'door'];

const at = (day: string, time: string) => new Date(`${day}T${time}Z`);

/** The checklist as filled in: items with an open defect are 'defect', signage of a gate 'na' now and then. */
function filled(list: readonly TypeChecklistItem[], defects: DefectSpec[]): ChecklistEntry[] {
  const open = new Set(defects.filter((d) => !d.resolved).map((d) => d.item));
  return blankChecklist(list).map((c) => ({
    ...c,
    result: open.has(c.item) ? 'defect' : 'ok',
    note: open.has(c.item) ? 'siehe Mängel' : '',
  }));
}

type Person = { id: string | null; name: string };
type BookRow = typeof books.$inferSelect;
type TypeRow = typeof bookTypes.$inferSelect | null;

/** The demo people who sign the records: the technician, the office, the expert and the branch manager. */
export async function demoPeople(tx: Executor) {
  const people = await tx
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(
      inArray(users.email, [
        'servicetechniker@demo.test',
        'standard@demo.test',
        'acceptor@demo.test',
        'filiale-default@demo.test',
      ]),
    );
  const person = (email: string): Person => {
    const p = people.find((u) => u.email === email);
    return { id: p?.id ?? null, name: p ? `${p.firstName} ${p.lastName}` : 'Prüfer' };
  };
  return {
    tech: person('servicetechniker@demo.test'),
    office: person('standard@demo.test'),
    expert: person('acceptor@demo.test'),
    branch: person('filiale-default@demo.test'),
  };
}

/** Collects finalized (or draft) records of the tenant's books as the app writes them, signed and dated. */
export function recordWriter(tenantId: string) {
  const records: (typeof inspections.$inferInsert)[] = [];
  let signer = 0;
  const record = (
    b: BookRow,
    type: TypeRow,
    kind: InspectionKind,
    when: string,
    by: Person,
    opts: { defects?: DefectSpec[]; acceptance?: boolean; draft?: boolean } = {},
  ) => {
    const dto = type ? toBookTypeDto(type) : null;
    const installation = installationOf(dto);
    const list = typeChecklistFor(kind, dto);
    const defects = opts.defects ?? [];
    // 'Operate only after repair' and 'shut down' both stop the installation until fixed.
    const mayOperate = !defects.some((d) => !d.resolved && d.severity !== 'safe');
    const finalizedAt = opts.draft ? null : at(when, '14:30:00');
    signer += 1;
    const operator = b.contactName || 'Haustechnik';
    records.push({
      id: randomUUID(),
      tenantId,
      bookId: b.id,
      kind,
      when,
      where: kind === 'self' ? '' : b.location,
      who: by.name,
      isAbnahmeGutachten: opts.acceptance ?? false,
      akkutausch: kind === 'wartung' && installation === 'rwa',
      text: opts.acceptance
        ? 'Abnahmeprüfung durch den Sachverständigen nach Umbau. Die Anlage entspricht den anerkannten Regeln der Technik.'
        : kind === 'gutachten'
          ? 'Prüfgutachten des Sachverständigen.'
          : kind === 'self'
            ? selfInspectionText(list)
            : textOf(installation)[kind === 'wartung' ? 'wartung' : 'inspection'],
      misc:
        DOORS.includes(installation) && kind === 'inspection'
          ? { schliesskraftN: 118 + (signer % 20), oeffnungszeitS: 3.1 }
          : {},
      checklistName: checklistFor(kind, dto),
      checklist: opts.draft
        ? blankChecklist(list).map((c, i) => (i < 6 ? { ...c, result: 'ok' as const } : c))
        : filled(list, defects),
      defects: defects.map((d) => ({ _id: randomUUID(), photos: [], resolved: false, ...d })),
      continuedOperation: opts.draft || kind === 'self' || kind === 'gutachten' ? null : mayOperate,
      inspectorSignature: opts.draft
        ? null
        : { name: by.name, image: signatureOf(by.name), signedAt: at(when, '14:25:00').toISOString() },
      operatorAcknowledgement:
        !opts.draft && kind !== 'self' && signer % 2 === 0
          ? {
              name: operator,
              image: signatureOf(operator),
              signedAt: at(when, '14:28:00').toISOString(),
            }
          : null,
      finalizedAt,
      finalizedBy: opts.draft ? null : by.id,
      createdBy: by.id,
      createdAt: opts.draft ? new Date() : at(when, '08:15:00'),
      updatedAt: opts.draft ? new Date() : (finalizedAt ?? new Date()),
    });
  };
  return { records, record };
}

export async function seedDemoInspections(tx: Executor, tenantId: string) {
  const { tech, office, expert, branch } = await demoPeople(tx);
  const rows = await tx
    .select({ book: books, type: bookTypes })
    .from(books)
    .leftJoin(bookTypes, eq(bookTypes.id, books.bookTypeId))
    .where(and(eq(books.tenantId, tenantId), ne(books.status, BookStatus.STATUS_TEMPLATE)));
  const { records, record } = recordWriter(tenantId);

  for (const { book: b, type } of rows) {
    const key = b.title.split(' – ').slice(1).join(' – ');
    const s = SCENARIOS[key];
    if (!s) continue;
    if (s.due !== undefined && s.kind) {
      const latest = yearBefore(dayFromToday(s.due));
      const by = s.kind === 'wartung' ? office : tech;
      if (s.history) record(b, type, s.kind, yearBefore(latest), tech, { defects: s.history });
      record(b, type, s.kind, latest, by, { defects: s.defects });
    }
    if (s.acceptanceAgo !== undefined) {
      record(b, type, 'gutachten', dayFromToday(-s.acceptanceAgo), expert, { acceptance: true });
    }
    for (const ago of s.selfAgo ?? []) record(b, type, 'self', dayFromToday(-ago), branch);
    // The technician is at the Holzgraben entrance right now: the inspection is half done.
    if (key === 'Eingang Holzgraben') {
      record(b, type, 'inspection', dayFromToday(0), tech, { draft: true, defects: [SAFE_DOOR] });
    }
  }
  if (records.length) await tx.insert(inspections).values(records);

  // Every book's schedule as finalize computes it; the status follows its latest record.
  for (const { book: b } of rows) {
    const { latest, ...schedule } = await scheduleFor(tx, b);
    const key = b.title.split(' – ').slice(1).join(' – ');
    const status = SCENARIOS[key]?.expired ? BookStatus.STATUS_EXPIRED : statusAfter(latest, b.status);
    await tx
      .update(books)
      .set({ ...schedule, status })
      .where(eq(books.id, b.id));
  }
}

/**
 * The branch books' records (seed-locations.ts): each book shown as inspected has its last inspection or
 * maintenance one interval before its next due date, and the branch its last self-inspection one
 * self-inspection interval before that one's due date, signed by the market management, or by the demo
 * branch manager for the books in `signedByBranchUser` (Frieda's branch). The books' dates and ampels are
 * then those the records give, as finalize computes them: the branch seed's dates, or a day or three
 * earlier where a month is shorter.
 */
export async function seedBranchRecords(
  tx: Executor,
  tenantId: string,
  bookIds: string[],
  signedByBranchUser: ReadonlySet<string>,
) {
  if (!bookIds.length) return 0;
  const { tech, office, branch } = await demoPeople(tx);
  const market = { id: null, name: 'Marktleitung' };
  const rows = await tx
    .select({ book: books, type: bookTypes })
    .from(books)
    .leftJoin(bookTypes, eq(bookTypes.id, books.bookTypeId))
    .where(and(eq(books.tenantId, tenantId), inArray(books.id, bookIds)));
  const { records, record } = recordWriter(tenantId);
  const today = berlinToday();
  rows.forEach(({ book: b, type }, i) => {
    const last = b.nextInspectionDate && intervalBefore(b.nextInspectionDate, b.serviceinterval);
    if (last) {
      const kind = i % 2 === 0 ? 'inspection' : 'wartung';
      record(b, type, kind, last, kind === 'wartung' ? office : tech, { defects: i % 6 === 5 ? [SIGNAGE] : [] });
    }
    const lastSelf = b.nextInspectionDateSelf && intervalBefore(b.nextInspectionDateSelf, b.selfserviceinterval);
    // Never a record of tomorrow: a due date within the interval's length would put it there.
    if (lastSelf) record(b, type, 'self', minDay(lastSelf, today), signedByBranchUser.has(b.id) ? branch : market);
  });
  if (records.length) await tx.insert(inspections).values(records);
  // The dates as finalize computes them from the records (a due date on the 31st moves to a month's last day).
  for (const { book: b } of rows) {
    const { latest: _latest, ...schedule } = await scheduleFor(tx, b);
    await tx.update(books).set(schedule).where(eq(books.id, b.id));
  }
  return records.length;
}
