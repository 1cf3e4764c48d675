/** Static privacy and imprint pages. The operator of an installation adapts the contact details. */
export const legal = {
  updated: 'Stand: {{date}}',
  privacy: {
    title: 'Datenschutzerklärung',
    intro:
      'Wir nehmen den Schutz Ihrer persönlichen Daten ernst. Diese Erklärung beschreibt, welche Daten Prüfbuch verarbeitet, wozu und wie lange.',
    sections: [
      {
        heading: 'Verantwortliche Stelle',
        body: 'Verantwortlich für die Datenverarbeitung ist das Serviceunternehmen, das diese Prüfbuch-Installation betreibt. Die Kontaktdaten finden Sie im Impressum.',
      },
      {
        heading: 'Welche Daten wir verarbeiten',
        body: 'Benutzerkonten (Name, E-Mail-Adresse, Telefonnummer, Rolle, Kürzel), die Daten der betreuten Anlagen und Objekte, Prüfungen, Wartungen, Prüfgutachten und hochgeladene Dokumente sowie technische Protokolle der Anmeldungen.',
      },
      {
        heading: 'Zweck und Rechtsgrundlage',
        body: 'Die Daten dienen der Führung der gesetzlich und vertraglich vorgeschriebenen Prüfbücher (Art. 6 Abs. 1 lit. b und c DSGVO) sowie der Sicherheit der Anwendung (Art. 6 Abs. 1 lit. f DSGVO).',
      },
      {
        heading: 'Speicherung im Browser',
        body: 'Zur Anmeldung speichert die Anwendung Zugriffsschlüssel, Ihre Sitzungsdaten, den gewählten Mandanten und die Sprache im lokalen Speicher Ihres Browsers. Es werden keine Cookies zu Werbe- oder Analysezwecken gesetzt. Beim Abmelden werden die Zugriffsschlüssel gelöscht.',
      },
      {
        heading: 'Speicherdauer',
        body: 'Prüfbuchdaten werden so lange aufbewahrt, wie es die Aufbewahrungspflichten für die jeweiligen Anlagen verlangen. Benutzerkonten werden gelöscht, wenn sie nicht mehr benötigt werden.',
      },
      {
        heading: 'Ihre Rechte',
        body: 'Sie haben das Recht auf Auskunft, Berichtigung, Löschung, Einschränkung der Verarbeitung, Datenübertragbarkeit und Widerspruch sowie das Recht, sich bei einer Datenschutz-Aufsichtsbehörde zu beschweren.',
      },
    ],
  },
  imprint: {
    title: 'Impressum',
    intro: 'Angaben gemäß § 5 Digitale-Dienste-Gesetz (DDG).',
    sections: [
      {
        heading: 'Anbieter',
        body: 'Prüfbuch wird vom jeweiligen Serviceunternehmen für automatische Türen und Rauch- und Wärmeabzugsanlagen betrieben. Name, Anschrift und Vertretungsberechtigte des Betreibers werden bei der Einrichtung hier eingetragen.',
      },
      {
        heading: 'Kontakt',
        body: 'Bitte wenden Sie sich mit Fragen zu Ihren Prüfbüchern an Ihre Ansprechpartnerin oder Ihren Ansprechpartner beim Serviceunternehmen.',
      },
      {
        heading: 'Haftung für Inhalte',
        body: 'Die Inhalte der Prüfbücher werden von den Prüferinnen und Prüfern sorgfältig erstellt. Für die Richtigkeit von Daten, die Kunden selbst eingeben, übernehmen wir keine Gewähr.',
      },
      {
        heading: 'Haftung für Links',
        body: 'Für Inhalte externer Seiten, auf die verlinkt wird, sind ausschließlich deren Betreiber verantwortlich.',
      },
    ],
  },
};
