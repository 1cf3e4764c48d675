/** The periodic jobs on the admin dashboard. */
export const jobs = {
  title: 'Hintergrundaufgaben',
  intro:
    'Die geplanten Aufgaben aller Serverprozesse: letzter Lauf, Dauer, Fehler der letzten 24 Stunden und nächster Lauf.',
  empty: 'Keine Hintergrundaufgaben geplant oder gelaufen.',
  job: 'Aufgabe',
  lastRun: 'Letzter Lauf',
  duration: 'Dauer',
  result: 'Ergebnis',
  failures24h: 'Fehler (24 h)',
  nextRun: 'Nächster Lauf',
  never: 'noch nie',
  notPlanned: 'nicht geplant',
  attempt: 'Versuch {{attempt}}',
  runner: 'Prozess {{runner}}',
  lastFailure: 'Letzter Fehler {{at}} (Versuch {{attempt}}): {{error}}',
  states: { ok: 'Erfolgreich', failed: 'Fehlgeschlagen', running: 'Läuft' },
  names: {
    'ampel-refresh': 'Ampeln aktualisieren',
    digest: 'Wochenübersicht',
    'offer-day': 'Tageslauf Angebote',
    'order-day': 'Tageslauf Aufträge',
    'file-removals': 'Gelöschte Dateien entfernen',
    'orphaned-files': 'Verwaiste Dateien prüfen',
    backup: 'Tägliche Sicherung',
    retention: 'Aufbewahrung: abgelaufene Prüfbücher löschen',
  },
};
