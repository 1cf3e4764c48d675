/** Mail texts; {{link}} is built from the configured public URL. */
export const mails = {
  greeting: 'Hallo {{name}},',
  signature: 'Ihr Prüfbuch-Team',
  confirmation: {
    subject: 'Prüfbuch: Benutzerkonto aktivieren',
    body: 'für Sie wurde ein Benutzerkonto im Prüfbuch angelegt. Bitte aktivieren Sie es über diesen Link:\n\n{{link}}',
  },
  reset: {
    subject: 'Prüfbuch: Passwort zurücksetzen',
    body: 'Sie haben ein neues Passwort angefordert. Der Link ist {{hours}} Stunde(n) gültig:\n\n{{link}}\n\nWenn Sie das nicht waren, ignorieren Sie diese E-Mail.',
  },
  disable2fa: {
    subject: 'Prüfbuch: Zwei-Faktor-Anmeldung deaktivieren',
    body: 'über diesen Link deaktivieren Sie die Zwei-Faktor-Anmeldung Ihres Kontos. Der Link ist {{hours}} Stunde(n) gültig:\n\n{{link}}\n\nWenn Sie das nicht angefordert haben, ändern Sie bitte Ihr Passwort.',
  },
  locked: {
    subject: 'Prüfbuch: Anmeldung vorübergehend gesperrt',
    body: 'nach vielen fehlgeschlagenen Anmeldeversuchen ist die Anmeldung an Ihrem Konto vorübergehend gesperrt, zunächst für {{minutes}} Minute(n); weitere Fehlversuche verlängern die Sperre. Ihr Passwort ist unverändert.\n\nWenn Sie das nicht waren, versucht womöglich jemand, Ihr Passwort zu erraten. Setzen Sie es dann über diesen Link neu; das hebt die Sperre sofort auf:\n\n{{link}}\n\nAuch Ihre Administration kann die Sperre aufheben.',
  },
  defectReport: {
    subject: 'Prüfbuch: Mangelmeldung zu {{title}}',
    body: 'über den QR-Code der Anlage wurde ein Mangel gemeldet.\n\nAnlage: {{title}}\nObjekt: {{object}}\nStandort: {{site}}\nHerstellernummer: {{manufacturerNo}}\n\nMeldung:\n{{text}}\n\nGemeldet von: {{name}}\nKontakt: {{contact}}\n\nPrüfbuch öffnen: {{link}}',
  },
  qualificationReminder: {
    subject: 'Prüfbuch: Ihre Qualifikation „{{qualification}}“ läuft am {{date}} ab',
    body: 'Ihre Qualifikation „{{qualification}}“ (Nr. {{number}}, {{issuer}}) gilt noch bis zum {{date}}, also {{days}} Tag(e).\n\nDanach dürfen Sie Prüfungen, Wartungen und Gutachten von Büchern, die diese Qualifikation verlangen, nicht mehr unterschreiben und abschließen. Bitte denken Sie an die Verlängerung und geben Sie den neuen Nachweis Ihrer Administration.\n\nIhre Qualifikationen: {{link}}',
  },
  digest: {
    subject: 'Prüfbuch: {{count}} Anlage(n) bald fällig oder überfällig',
    intro: 'seit der letzten Übersicht{{since}} haben sich diese Anlagen verschlechtert:',
    since: ' vom {{date}}',
    inspection: 'Prüfung',
    selfInspection: 'Eigenprüfung',
    due: 'fällig am {{date}}',
    ampel: { orange: 'bald fällig', red: 'überfällig', black: 'außer Betrieb oder stark überfällig' },
    location: 'Filiale',
    open: 'Öffnen',
    footer:
      'Sie erhalten diese Übersicht wöchentlich, nur wenn sich etwas verschlechtert hat. Abbestellen können Sie sie in Ihren Einstellungen: {{link}}',
    footerTenant: 'Diese Übersicht geht wöchentlich an die Benachrichtigungsadresse des Mandanten {{tenant}}.',
  },
};
