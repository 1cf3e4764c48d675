import nodemailer from 'nodemailer';
import type { Executor } from '../db/client';
import { mailOutbox } from '../db/schema/index';

/** Fills the {{name}} placeholders of a mail text; a missing value leaves the place empty. */
export const fillTemplate = (s: string, p: Record<string, string | number>) =>
  s.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(p[k] ?? ''));

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(db: Executor, mail: Mail): Promise<void>;
  close(): void;
}

/**
 * Sends over SMTP when SMTP_URL is set and notes the mail in the outbox; without SMTP the outbox
 * keeps the whole mail so the admin dashboard can show it and nothing is lost.
 */
export function createMailer(opts: {
  smtpUrl?: string;
  from: string;
  log: (msg: string, err?: unknown) => void;
}): Mailer {
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  return {
    async send(db, mail) {
      if (!transport) {
        await db.insert(mailOutbox).values({ ...mail, status: 'stored' });
        return;
      }
      try {
        await transport.sendMail({ from: opts.from, to: mail.to, subject: mail.subject, text: mail.text });
        // The body holds live links: once delivered it is not kept.
        await db.insert(mailOutbox).values({ to: mail.to, subject: mail.subject, text: '', status: 'sent' });
      } catch (err) {
        opts.log('mail delivery failed', err);
        await db.insert(mailOutbox).values({ ...mail, status: 'failed', error: String((err as Error).message) });
      }
    },
    close: () => transport?.close(),
  };
}
