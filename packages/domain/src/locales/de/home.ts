/** Start page. */
export const home = {
  welcome: 'Willkommen bei Prüfbuch',
  welcomeUser: 'Willkommen, {{name}}',
  intro:
    'Prüfbücher für automatische Türen und RWA-Anlagen: Prüfungen, Wartungen, Prüfgutachten und QR-Code-Etiketten an einem Ort.',
  signedOut: 'Bitte melden Sie sich an, um Ihre Prüfbücher zu sehen.',
  signIn: 'Anmelden',
  areas: 'Ihre Bereiche',
  noAreas: 'Für Ihr Benutzerkonto sind noch keine Bereiche freigeschaltet.',
  due: {
    title: 'Als Nächstes fällig',
    empty: 'Im gewählten Mandanten ist keine Prüfung fällig.',
  },
  tiles: {
    nearbyLists: 'Prüfbücher nach Mandanten und Ordnern',
    myInspections: 'Ihre offenen Prüfungen',
    orderProcessing: 'Aufträge über alle Abteilungen',
    evaluation: 'Auswertungen der Auftragsabwicklung',
    branches: 'Filialen mit Ampelstatus',
    qrCode: 'QR-Code eines Prüfbuchs scannen',
    costList: 'Kostensätze und Pauschalen',
    capacityPlanning: 'Fertigungskapazitäten planen',
    offers: 'Technische Angebote und Aufträge',
    offerEvaluation: 'Erfolgsquote und Angebotszeiten',
    defectReports: 'Über den QR-Code gemeldete Mängel erledigen',
  },
};
