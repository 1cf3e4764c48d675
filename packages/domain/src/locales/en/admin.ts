import type { admin as de } from '../de/admin';

export const admin: typeof de = {
  dashboard: {
    title: 'Dashboard',
    users: 'Users',
    tenants: 'Tenants',
    activeSessions: 'Active sessions',
    mailWaiting: 'Emails in the queue',
    outbox: 'Outbox',
    outboxIntro: 'Most recently created emails. Click a row to see its text, attempts and errors.',
    outboxEmpty: 'No emails in the outbox.',
    queue: {
      waiting: 'Waiting: {{count}}',
      retrying: 'of which failed before: {{count}}',
      dead: 'Undeliverable: {{count}}',
      oldest: 'Oldest waiting since {{date}}',
    },
    deadLetters: 'Undeliverable emails',
    deadLettersIntro:
      'These emails were not delivered after every attempt, or the mail server refused them for good. “Send again” puts them back into the queue with their kept text.',
    to: 'To',
    subject: 'Subject',
    createdAt: 'Created',
    status: 'Status',
    attempts: 'Attempts',
    nextAttempt: 'Next attempt',
    sentAt: 'Sent on',
    error: 'Last error',
    mailTitle: 'Email to {{to}}',
    sealed:
      'The text is kept until the email is sent but not shown here: it may hold password reset links. “Send again” sends it.',
    noText: 'No text is kept for this email: sent emails do not keep it.',
    resend: 'Send again',
    resent: 'The email to {{to}} is back in the queue.',
    resendFailed: 'The email was not queued again.',
    statuses: {
      queued: 'Queued',
      retrying: 'Retry scheduled',
      sent: 'Sent',
      dead: 'Undeliverable',
      stored: 'Stored',
      failed: 'Failed',
    },
  },
};
