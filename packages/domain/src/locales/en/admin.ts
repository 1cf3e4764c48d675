import type { admin as de } from '../de/admin';

export const admin: typeof de = {
  dashboard: {
    title: 'Dashboard',
    users: 'Users',
    tenants: 'Tenants',
    activeSessions: 'Active sessions',
    outbox: 'Outbox',
    outboxIntro: 'Most recently created emails. Click a row to read the text.',
    outboxEmpty: 'No emails in the outbox.',
    to: 'To',
    subject: 'Subject',
    createdAt: 'Created',
    status: 'Status',
    mailTitle: 'Email to {{to}}',
    statuses: { pending: 'Pending', sent: 'Sent', failed: 'Failed', stored: 'Stored' },
  },
};
