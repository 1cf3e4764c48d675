/**
 * Demo defects reported on the public pages of the demo books' QR codes: two open ones (one with the
 * reporter's phone, one without a name) and one the service technician has closed with a note.
 */
import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { books, defectReports, users } from '../db/schema/index';

const HOUR = 3_600_000;
const hoursAgo = (h: number) => new Date(Date.now() - h * HOUR);

interface DemoReport {
  /** The part of the book's title after the customer. */
  book: string;
  name: string;
  contact: string;
  text: string;
  hoursAgo: number;
  /** Closed by the service technician with this note, so many hours after it was reported. */
  closed?: { note: string; after: number };
}

const REPORTS: DemoReport[] = [
  {
    book: 'Eingang Holzgraben',
    name: 'Sabine Roth (Filialaufsicht)',
    contact: '069 2190 4411',
    text: 'Die Tür bleibt seit heute Morgen halb offen stehen und piept. Bitte kurzfristig prüfen, der Eingang zieht stark.',
    hoursAgo: 5,
  },
  {
    book: 'RWA Halle 12 Dach',
    name: '',
    contact: '',
    text: 'An der RWA-Zentrale im Treppenhaus leuchtet die gelbe Lampe „Störung“.',
    hoursAgo: 30,
  },
  {
    book: 'Notaufnahme Eingang',
    name: 'Pflegeleitung Notaufnahme',
    contact: 'notaufnahme@klinikum.example',
    text: 'Tür öffnet verzögert, wenn man von innen kommt.',
    hoursAgo: 75,
    closed: {
      note: 'Bewegungsmelder innen verstellt (Reinigung). Erfassungsfeld neu eingestellt, Tür öffnet wieder sofort.',
      after: 20,
    },
  },
];

export async function seedDemoDefectReports(tx: Executor, tenantId: string) {
  const rows = await tx.select({ id: books.id, title: books.title }).from(books).where(eq(books.tenantId, tenantId));
  const bookOf = (name: string) => rows.find((b) => b.title.endsWith(` – ${name}`))?.id;
  const [tech] = await tx.select({ id: users.id }).from(users).where(eq(users.email, 'servicetechniker@demo.test'));
  const values = REPORTS.flatMap((r) => {
    const bookId = bookOf(r.book);
    if (!bookId) return [];
    const createdAt = hoursAgo(r.hoursAgo);
    return [
      {
        tenantId,
        bookId,
        name: r.name,
        contact: r.contact,
        text: r.text,
        createdAt,
        ...(r.closed
          ? {
              status: 'done' as const,
              note: r.closed.note,
              closedAt: new Date(createdAt.getTime() + r.closed.after * HOUR),
              closedBy: tech?.id ?? null,
            }
          : {}),
      },
    ];
  });
  if (values.length) await tx.insert(defectReports).values(values);
}
