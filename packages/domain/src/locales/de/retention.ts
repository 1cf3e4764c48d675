/** Retired books, legal holds and retention (decision 059). */
export const retention = {
  title: 'Stillgelegte Prüfbücher',
  intro:
    'Ein Prüfbuch mit abgeschlossenen Einträgen wird beim Löschen stillgelegt: Es verschwindet aus allen Listen, Suchen und Erinnerungen, bleibt aber mit seinen Einträgen, PDFs und Dokumenten {{years}} Jahre aufbewahrt und kann hier wiederhergestellt werden. Danach wird es im täglichen Lauf endgültig gelöscht – außer eine Aufbewahrungssperre nennt das Buch oder seinen Kunden.',
  link: 'Stillgelegte Prüfbücher',
  empty: 'Keine stillgelegten Prüfbücher.',
  searchPlaceholder: 'Prüfbuch, Kunde oder Seriennummer suchen',
  none: 'keine',
  columns: {
    title: 'Prüfbuch',
    customer: 'Kunde',
    retiredAt: 'Stillgelegt am',
    keptUntil: 'Aufbewahrt bis',
    records: 'Abgeschl. Einträge',
    hold: 'Sperre',
  },
  holdOf: { book: 'Buch gesperrt', customer: 'Kunde gesperrt' },
  open: 'Öffnen',
  restore: 'Wiederherstellen',
  restoreConfirm: '„{{title}}“ wiederherstellen? Es erscheint wieder in allen Listen und Erinnerungen.',
  restored: 'Prüfbuch wiederhergestellt',
  retired:
    'Stillgelegt: Das Prüfbuch ist aus allen Listen verschwunden, wird aufbewahrt und ist nur noch für Administratoren sichtbar, die es wiederherstellen können.',
  retire: 'Stilllegen',
  deleteRetires:
    'Das Prüfbuch „{{title}}“ hat abgeschlossene Einträge und wird deshalb nicht gelöscht, sondern stillgelegt: Es verschwindet aus allen Listen, Suchen und Erinnerungen, bleibt mit seinen Einträgen, PDFs und Dokumenten {{years}} Jahre aufbewahrt und ist nur noch für Administratoren sichtbar, die es wiederherstellen können.',
  deleteRetiresHeld:
    'Das Prüfbuch „{{title}}“ steht unter Aufbewahrungssperre und wird deshalb nicht gelöscht, sondern stillgelegt: Es verschwindet aus allen Listen, Suchen und Erinnerungen, bleibt aufbewahrt und ist nur noch für Administratoren sichtbar, die es wiederherstellen können.',
  banner: 'Stillgelegt am {{date}} – aufbewahrt bis {{until}}. Nur Administratoren sehen dieses Prüfbuch.',
  holds: {
    title: 'Aufbewahrungssperren',
    intro:
      'Solange eine Sperre besteht, wird nichts des Prüfbuchs oder des Kunden gelöscht: weder ein stillgelegtes Buch nach Ablauf der Aufbewahrung noch die Anhänge eines Angebots nach ihrem Löschdatum.',
    empty: 'Keine Aufbewahrungssperren.',
    customer: 'Kunde',
    target: 'Gilt für',
    customerHint:
      'Der Kundenname wie in den Prüfbüchern bzw. als Debitor in den Angeboten (ohne Groß-/Kleinschreibung).',
    reason: 'Grund',
    add: 'Sperre setzen',
    lift: 'Aufheben',
    liftConfirm: 'Aufbewahrungssperre „{{name}}“ aufheben? Fällige Löschungen werden im nächsten Tageslauf ausgeführt.',
    set: 'Aufbewahrungssperre gesetzt',
    lifted: 'Aufbewahrungssperre aufgehoben',
    book: 'Prüfbuch',
    since: 'Seit',
    by: 'Von',
    onBook: 'Aufbewahrungssperre',
    onBookSet: 'Dieses Prüfbuch steht unter Aufbewahrungssperre: {{reason}}',
    bookAction: 'Aufbewahrungssperre setzen',
  },
  purges: {
    title: 'Endgültig gelöscht',
    intro: 'Prüfbücher, die der tägliche Lauf nach Ablauf der Aufbewahrung gelöscht hat.',
    empty: 'Noch nichts gelöscht.',
    at: 'Gelöscht am',
    book: 'Prüfbuch',
  },
  setting: {
    title: 'Aufbewahrung',
    label: 'Aufbewahrung stillgelegter Prüfbücher (Jahre)',
    description:
      'So lange bleiben abgeschlossene Einträge, PDFs und Dokumente nach dem Stilllegen erhalten. Nur Administratoren ändern sie.',
  },
  errors: {
    bookOrCustomer: 'Entweder ein Prüfbuch oder einen Kunden angeben, nicht beides.',
  },
};
