import type { Tx } from '../db/client';
import { mailOutbox } from '../db/schema/index';

const hoursAgo = (now: Date, h: number) => new Date(now.getTime() - h * 3600_000);

/**
 * Two dead letters for the admin dashboard's mail queue (decision 029): a mail the receiving server
 * refused for good, and one that gave up after every retry. 'Erneut senden' queues them again; without
 * SMTP_URL they then land in the outbox. Their texts hold no live link.
 */
export async function seedDemoMailQueue(tx: Tx, now = new Date()) {
  await tx.insert(mailOutbox).values([
    {
      to: 'j.becker@tuerservice-rhein-main.example',
      subject: 'Prüfbuch: Nachfassen fällig – Angebot für Zeil 106, Drehtür Haupteingang',
      text:
        'Hallo Jana Becker,\n\nfür das Angebot „Zeil 106 – Kaufhaus, Drehtür Haupteingang“ ist heute das Nachfassen fällig.\n\n' +
        'Ihr Prüfbuch',
      status: 'dead',
      attempts: 1,
      error: 'EENVELOPE: 550 5.1.1 <j.becker@tuerservice-rhein-main.example>: Recipient address rejected: User unknown',
      createdAt: hoursAgo(now, 30),
      nextAttemptAt: hoursAgo(now, 30),
    },
    {
      to: 'pruefungen@tuerservice-rhein-main.example',
      subject: 'Prüfbuch: Wochenübersicht – 3 Anlagen neu orange oder rot',
      text:
        'Guten Tag,\n\nseit der letzten Übersicht sind 3 Anlagen orange oder rot geworden: ' +
        'FrischeMarkt 4107 Offenbach (Schiebetür Eingang), FrischeMarkt 4112 Hanau (RWA Treppenhaus), ' +
        'Zeil 106 (Karusselltür).\n\nIhr Prüfbuch',
      status: 'dead',
      attempts: 8,
      error: 'ETIMEDOUT: Greeting never received',
      createdAt: hoursAgo(now, 26 * 24),
      nextAttemptAt: hoursAgo(now, 24),
    },
  ]);
}
