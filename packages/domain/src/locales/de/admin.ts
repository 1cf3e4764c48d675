/** Admin dashboard. */
export const admin = {
  dashboard: {
    title: 'Dashboard',
    users: 'Benutzer',
    tenants: 'Mandanten',
    activeSessions: 'Aktive Sitzungen',
    outbox: 'Postausgang',
    outboxIntro: 'Zuletzt erzeugte E-Mails. Klicken Sie auf eine Zeile, um den Text zu lesen.',
    outboxEmpty: 'Keine E-Mails im Postausgang.',
    to: 'An',
    subject: 'Betreff',
    createdAt: 'Erstellt',
    status: 'Status',
    mailTitle: 'E-Mail an {{to}}',
    statuses: { pending: 'Wartend', sent: 'Gesendet', failed: 'Fehlgeschlagen', stored: 'Gespeichert' },
  },
};
