/** Mängel, die über die öffentliche Seite eines QR-Codes gemeldet wurden (Entscheidung 021). */
export const defectreports = {
  title: 'Mangelmeldungen',
  intro:
    'Was Nutzer und Betreiber über den QR-Code an den Anlagen gemeldet haben. Erledigte Meldungen nennen, wer sie wann erledigt hat.',
  noTenant: 'Bitte oben einen Mandanten wählen.',
  searchPlaceholder: 'Meldung, Melder oder Anlage',
  total: {
    open: '{{count}} offen',
    done: '{{count}} erledigt',
    all: '{{count}} Meldungen',
  },
  filter: { label: 'Welche Meldungen', open: 'Offen', done: 'Erledigt', all: 'Alle' },
  empty: {
    open: 'Keine offenen Mangelmeldungen.',
    done: 'Noch keine erledigten Mangelmeldungen.',
    all: 'Noch keine Mangelmeldungen.',
  },
  fields: {
    createdAt: 'Gemeldet am',
    book: 'Anlage',
    text: 'Meldung',
    reporter: 'Gemeldet von',
    status: 'Status',
    note: 'Was wurde getan?',
  },
  status: { open: 'Offen', done: 'Erledigt' },
  noteLine: 'Erledigt: {{note}}',
  anonymous: 'ohne Namen',
  close: 'Erledigen',
  confirmClose: 'Als erledigt speichern',
  closeTitle: 'Mangelmeldung erledigen: {{title}}',
  noteHint: 'Steht bei der Meldung, mit Ihrem Namen und der Uhrzeit.',
  closed: 'Die Mangelmeldung ist erledigt.',
  book: {
    title: 'Offene Mangelmeldungen ({{count}})',
    all: 'Alle Mangelmeldungen',
    reportedAt: 'Gemeldet am {{date}} über den QR-Code',
  },
};
