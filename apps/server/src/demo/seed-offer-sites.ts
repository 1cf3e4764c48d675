/**
 * What the demo offers are about (seed-offers.ts): the customers' objects in Hesse, the work each kind of
 * object asks for, the contacts, and the texts of the offers' notes.
 */
import type { Division, ReceivedVia } from '@pruefbuch/domain/schemas/offer';

// ---------------------------------------------------------------------------------------------
// The customers' objects and the work asked for

export type Kind = 'markt' | 'klinik' | 'buero' | 'parkhaus' | 'haus' | 'export';

export interface Site {
  debitor: string;
  objekt: string;
  street: string;
  plz: string;
  city: string;
  kind: Kind;
  domain: string;
}

export const SITES: Site[] = [
  // Supermarkets
  {
    debitor: 'FrischeMarkt GmbH & Co. KG',
    objekt: 'FrischeMarkt Filiale 4102',
    street: 'Berger Straße 171',
    plz: '60385',
    city: 'Frankfurt am Main',
    kind: 'markt',
    domain: 'frischemarkt.example',
  },
  {
    debitor: 'FrischeMarkt GmbH & Co. KG',
    objekt: 'FrischeMarkt Filiale 4105',
    street: 'Frankfurter Straße 12',
    plz: '63065',
    city: 'Offenbach am Main',
    kind: 'markt',
    domain: 'frischemarkt.example',
  },
  {
    debitor: 'FrischeMarkt GmbH & Co. KG',
    objekt: 'FrischeMarkt Filiale 4108',
    street: 'Ludwigsplatz 3',
    plz: '64283',
    city: 'Darmstadt',
    kind: 'markt',
    domain: 'frischemarkt.example',
  },
  {
    debitor: 'FrischeMarkt GmbH & Co. KG',
    objekt: 'FrischeMarkt Filiale 4109',
    street: 'Nürnberger Straße 19',
    plz: '63450',
    city: 'Hanau',
    kind: 'markt',
    domain: 'frischemarkt.example',
  },
  {
    debitor: 'FrischeMarkt GmbH & Co. KG',
    objekt: 'FrischeMarkt Filiale 4106',
    street: 'Kirchgasse 34',
    plz: '65185',
    city: 'Wiesbaden',
    kind: 'markt',
    domain: 'frischemarkt.example',
  },
  {
    debitor: 'Hessenkauf Lebensmittel GmbH',
    objekt: 'Hessenkauf Markt Bieber',
    street: 'Aschaffenburger Straße 80',
    plz: '63073',
    city: 'Offenbach am Main',
    kind: 'markt',
    domain: 'hessenkauf.example',
  },
  {
    debitor: 'Hessenkauf Lebensmittel GmbH',
    objekt: 'Hessenkauf Markt Bürgel',
    street: 'Langstraße 48',
    plz: '63075',
    city: 'Offenbach am Main',
    kind: 'markt',
    domain: 'hessenkauf.example',
  },
  {
    debitor: 'Bio-Markt Sonnenblume eG',
    objekt: 'Biomarkt Bockenheim',
    street: 'Leipziger Straße 60',
    plz: '60487',
    city: 'Frankfurt am Main',
    kind: 'markt',
    domain: 'sonnenblume-bio.example',
  },
  {
    debitor: 'Getränke- und Lebensmittelmarkt Wagner KG',
    objekt: 'Markt Wagner Rüsselsheim',
    street: 'Mainzer Straße 112',
    plz: '65428',
    city: 'Rüsselsheim am Main',
    kind: 'markt',
    domain: 'markt-wagner.example',
  },
  {
    debitor: 'Nahkauf Brückner OHG',
    objekt: 'Nahkauf Brückner',
    street: 'Bahnhofstraße 22',
    plz: '63263',
    city: 'Neu-Isenburg',
    kind: 'markt',
    domain: 'nahkauf-brueckner.example',
  },
  // Clinics and care homes
  {
    debitor: 'Universitätsklinikum Frankfurt',
    objekt: 'Haus 23 – Zentralbau',
    street: 'Theodor-Stern-Kai 7',
    plz: '60590',
    city: 'Frankfurt am Main',
    kind: 'klinik',
    domain: 'ukf.example',
  },
  {
    debitor: 'Klinikum Darmstadt GmbH',
    objekt: 'Klinikum Darmstadt – Haus 1',
    street: 'Grafenstraße 9',
    plz: '64283',
    city: 'Darmstadt',
    kind: 'klinik',
    domain: 'klinikum-darmstadt.example',
  },
  {
    debitor: 'Rhein-Main Kliniken gGmbH',
    objekt: 'Klinik am Kaiserlei',
    street: 'Strahlenbergerstraße 15',
    plz: '63067',
    city: 'Offenbach am Main',
    kind: 'klinik',
    domain: 'rm-kliniken.example',
  },
  {
    debitor: 'Stadtklinik Hanau gGmbH',
    objekt: 'Stadtklinik Hanau – Bettenhaus B',
    street: 'Mühlstraße 5',
    plz: '63450',
    city: 'Hanau',
    kind: 'klinik',
    domain: 'stadtklinik-hanau.example',
  },
  {
    debitor: 'Kurpark-Klinik Wiesbaden GmbH',
    objekt: 'Kurpark-Klinik',
    street: 'Aukammallee 39',
    plz: '65191',
    city: 'Wiesbaden',
    kind: 'klinik',
    domain: 'kurpark-klinik.example',
  },
  {
    debitor: 'Diakonie Seniorenzentren Südhessen',
    objekt: 'Seniorenzentrum Am Rosenberg',
    street: 'Heinrichstraße 128',
    plz: '64287',
    city: 'Darmstadt',
    kind: 'klinik',
    domain: 'diakonie-suedhessen.example',
  },
  // Office buildings
  {
    debitor: 'Westend Gate Objektgesellschaft mbH & Co. KG',
    objekt: 'Bürohaus Westend Gate',
    street: 'Mainzer Landstraße 50',
    plz: '60325',
    city: 'Frankfurt am Main',
    kind: 'buero',
    domain: 'westend-gate.example',
  },
  {
    debitor: 'Sparkasse Wiesbaden',
    objekt: 'Hauptstelle Rheinstraße',
    street: 'Rheinstraße 42-46',
    plz: '65185',
    city: 'Wiesbaden',
    kind: 'buero',
    domain: 'sparkasse-wi.example',
  },
  {
    debitor: 'Messe Frankfurt Venue GmbH',
    objekt: 'Halle 12',
    street: 'Ludwig-Erhard-Anlage 1',
    plz: '60327',
    city: 'Frankfurt am Main',
    kind: 'buero',
    domain: 'messe.example',
  },
  {
    debitor: 'Kaiserlei Büropark Verwaltungs GmbH',
    objekt: 'Büropark Kaiserlei, Haus C',
    street: 'Berliner Straße 225',
    plz: '63067',
    city: 'Offenbach am Main',
    kind: 'buero',
    domain: 'kaiserlei-bueropark.example',
  },
  {
    debitor: 'Land Hessen, LBIH Niederlassung Süd',
    objekt: 'Behördenzentrum Darmstadt',
    street: 'Rheinstraße 95',
    plz: '64295',
    city: 'Darmstadt',
    kind: 'buero',
    domain: 'lbih.example',
  },
  {
    debitor: 'TU Darmstadt',
    objekt: 'Karo 5',
    street: 'Karolinenplatz 5',
    plz: '64289',
    city: 'Darmstadt',
    kind: 'buero',
    domain: 'tu-darmstadt.example',
  },
  {
    debitor: 'Techno-Campus Eschborn GmbH',
    objekt: 'Techno-Campus, Gebäude 2',
    street: 'Frankfurter Straße 2',
    plz: '65760',
    city: 'Eschborn',
    kind: 'buero',
    domain: 'techno-campus.example',
  },
  {
    debitor: 'Stadtwerke Hanau GmbH',
    objekt: 'Verwaltungsgebäude Stadtwerke',
    street: 'Leipziger Straße 17',
    plz: '63450',
    city: 'Hanau',
    kind: 'buero',
    domain: 'stadtwerke-hanau.example',
  },
  // Car parks
  {
    debitor: 'Parkhaus Konstablerwache GmbH',
    objekt: 'Tiefgarage Konstablerwache',
    street: 'Kurt-Schumacher-Straße 2',
    plz: '60311',
    city: 'Frankfurt am Main',
    kind: 'parkhaus',
    domain: 'konstablerwache-parken.example',
  },
  {
    debitor: 'Parkraum Hessen GmbH',
    objekt: 'Parkhaus Hauptbahnhof Süd',
    street: 'Mannheimer Straße 4',
    plz: '60329',
    city: 'Frankfurt am Main',
    kind: 'parkhaus',
    domain: 'parkraum-hessen.example',
  },
  {
    debitor: 'Parkraum Hessen GmbH',
    objekt: 'Parkhaus Marktplatz',
    street: 'Marktplatz 12',
    plz: '63065',
    city: 'Offenbach am Main',
    kind: 'parkhaus',
    domain: 'parkraum-hessen.example',
  },
  {
    debitor: 'Wiesbadener Parkhausgesellschaft mbH',
    objekt: 'Parkhaus Coulinstraße',
    street: 'Coulinstraße 3',
    plz: '65183',
    city: 'Wiesbaden',
    kind: 'parkhaus',
    domain: 'wi-parken.example',
  },
  {
    debitor: 'Darmstädter Parkraum GmbH',
    objekt: 'Parkhaus Carree',
    street: 'Luisenstraße 6',
    plz: '64283',
    city: 'Darmstadt',
    kind: 'parkhaus',
    domain: 'da-parkraum.example',
  },
  {
    debitor: 'Parkhaus Forum Hanau GmbH',
    objekt: 'Parkhaus Forum',
    street: 'Am Markt 14',
    plz: '63450',
    city: 'Hanau',
    kind: 'parkhaus',
    domain: 'forum-hanau.example',
  },
  // Hotels, museums, venues
  {
    debitor: 'Hotel am Kurpark Wiesbaden GmbH',
    objekt: 'Hotel am Kurpark',
    street: 'Sonnenberger Straße 2',
    plz: '65189',
    city: 'Wiesbaden',
    kind: 'haus',
    domain: 'hotel-kurpark.example',
  },
  {
    debitor: 'Städel Museum',
    objekt: 'Städel Museum',
    street: 'Schaumainkai 63',
    plz: '60596',
    city: 'Frankfurt am Main',
    kind: 'haus',
    domain: 'staedel.example',
  },
  {
    debitor: 'darmstadtium Wissenschafts- und Kongresszentrum',
    objekt: 'darmstadtium',
    street: 'Schloßgraben 1',
    plz: '64283',
    city: 'Darmstadt',
    kind: 'haus',
    domain: 'darmstadtium.example',
  },
  {
    debitor: 'Congress Park Hanau GmbH',
    objekt: 'Congress Park Hanau',
    street: 'Schlossplatz 1',
    plz: '63450',
    city: 'Hanau',
    kind: 'haus',
    domain: 'cph.example',
  },
  // Export business
  {
    debitor: 'Portes Automatiques Lux S.à r.l.',
    objekt: 'Centre commercial Kirchberg',
    street: 'Avenue J.F. Kennedy 45',
    plz: 'L-1855',
    city: 'Luxembourg',
    kind: 'export',
    domain: 'portes-lux.example',
  },
];

export interface Work {
  text: string;
  data: string;
  div: Division[];
  /** The usual offer sum in EUR. */
  median: number;
}

export const WORKS: Record<Kind, Work[]> = {
  markt: [
    {
      text: 'Austausch Schiebetürantrieb Kundeneingang inkl. Steuerung und Radarbewegungsmelder',
      data: 'Automatische Schiebetür GEZE Slimdrive SL NT, 2-flügelig, Fluchtweg (FR), Baujahr 2011',
      div: ['autSchieber'],
      median: 6800,
    },
    {
      text: 'Nachrüstung Sicherheitssensorik und Lichtschranken nach DIN 18650',
      data: 'Automatische Schiebetür dormakaba ES 200, Windfang Kundeneingang',
      div: ['autSchieber'],
      median: 2400,
    },
    {
      text: 'Erneuerung Bodenführung, Laufrollen und Zahnriemen',
      data: 'Schiebetür Ein-/Ausgang, rund 1.800 Öffnungen am Tag',
      div: ['autSchieber', 'ersatzteile'],
      median: 1300,
    },
    {
      text: 'Umbau Windfang: zweite Schiebetür als Wärmeschleuse',
      data: 'Windfang 4,20 × 3,10 m, Pfosten-Riegel-Glasfront',
      div: ['autSchieber', 'umbau'],
      median: 19500,
    },
    {
      text: 'Ersatzteile: Akkupack Notöffnung 24 V und Programmschalter',
      data: 'Slimdrive SL NT, Akku zuletzt 2019 getauscht',
      div: ['ersatzteile'],
      median: 950,
    },
    {
      text: 'Automatisierung Drehflügeltür Anlieferung mit Drehtürantrieb',
      data: 'Stahltür Anlieferung, 1-flügelig, 1.100 × 2.100 mm',
      div: ['autDreher'],
      median: 3900,
    },
  ],
  klinik: [
    {
      text: 'Austausch der Drehflügelantriebe im Stationsflur (6 Türen)',
      data: 'Rauchschutztüren T30-RS mit Drehtürantrieben dormakaba ED 100',
      div: ['autDreher'],
      median: 16500,
    },
    {
      text: 'Nachrüstung Feststellanlagen mit Rauchschaltern nach DIN 14677',
      data: 'Flurtüren 2. und 3. OG, je 2-flügelig',
      div: ['autDreher', 'bau'],
      median: 7200,
    },
    {
      text: 'Neue automatische Schiebetür Liegendzufahrt Notaufnahme (Fluchtweg)',
      data: 'Öffnung 2.400 × 2.500 mm, Fluchtweg, Notstrom',
      div: ['autSchieber', 'bau'],
      median: 27000,
    },
    {
      text: 'Umbau OP-Schleuse: hermetisch dichte Schiebetür',
      data: 'OP-Trakt, Schleuse 3, Reinraumklasse Ib',
      div: ['autSchieber', 'umbau'],
      median: 32000,
    },
    {
      text: 'Sensorleisten und Radarmelder der Intensivstation erneuern',
      data: 'Drehflügeltüren Intensivstation, Schließseite ohne Sicherung',
      div: ['autDreher', 'ersatzteile'],
      median: 2600,
    },
  ],
  buero: [
    {
      text: 'Karusselltür Haupteingang: Revision und Austausch der Antriebseinheit',
      data: 'Karusselltür 3-flügelig, Ø 3.000 mm, Baujahr 2008',
      div: ['umbau'],
      median: 12800,
    },
    {
      text: 'Zutrittskontrolle an den automatischen Türen nachrüsten (Kartenleser, Schnittstelle)',
      data: 'Schiebetüren Foyer und Tiefgarage, Zeitprogramm',
      div: ['autSchieber'],
      median: 5600,
    },
    {
      text: 'Modernisierung der Schiebetüranlage im Foyer inklusive Verglasung',
      data: 'Teleskopschiebetür 4-flügelig, ESG 10 mm',
      div: ['autSchieber', 'umbau'],
      median: 15800,
    },
    {
      text: 'Barrierefreier Nebeneingang: Drehtürantrieb mit Tastern',
      data: 'Holztür 1-flügelig, Anschlag links, Rampe vorhanden',
      div: ['autDreher', 'bau'],
      median: 4300,
    },
    {
      text: 'RWA-Zentrale und Akkus im Treppenhaus erneuern',
      data: 'RWA-Zentrale RZN 4408-K, 4 Lichtkuppeln',
      div: ['bau', 'ersatzteile'],
      median: 3800,
    },
  ],
  parkhaus: [
    {
      text: 'Schnelllauftor an der Zufahrt erneuern',
      data: 'Zufahrt Ebene 0, 4.000 × 2.300 mm, rund 900 Fahrten am Tag',
      div: ['bau'],
      median: 21000,
    },
    {
      text: 'Rolltor Ausfahrt: Antrieb und Steuerung tauschen',
      data: 'Rolltor Ausfahrt, Baujahr 2004, Steuerung ohne Ersatzteile',
      div: ['umbau'],
      median: 5400,
    },
    {
      text: 'Automatische Schiebetür am Treppenhaus zu den Kassenautomaten',
      data: 'Treppenhaus Süd, Windlast hoch',
      div: ['autSchieber'],
      median: 7800,
    },
    {
      text: 'Ersatzteile für die Tor- und Schrankensteuerung',
      data: 'Steuerplatine, Induktionsschleifen-Detektor, Funkempfänger',
      div: ['ersatzteile'],
      median: 1100,
    },
    {
      text: 'Brandschutztüren Treppenhaus mit Feststellanlagen ausstatten',
      data: 'T30-Türen in 5 Ebenen',
      div: ['autDreher', 'bau'],
      median: 9600,
    },
  ],
  haus: [
    {
      text: 'Automatische Drehtüren zum Saal (2 Flügel) nachrüsten',
      data: 'Saaltüren Eiche, 2-flügelig, Panikfunktion',
      div: ['autDreher'],
      median: 8700,
    },
    {
      text: 'Karusselltür: Break-Out-Sicherung und Not-Halt erneuern',
      data: 'Karusselltür Haupteingang, Baujahr 2012',
      div: ['umbau', 'ersatzteile'],
      median: 3200,
    },
    {
      text: 'Schiebetür Lieferanteneingang automatisieren',
      data: 'Handschiebetür, Laufschiene vorhanden',
      div: ['autSchieber'],
      median: 6100,
    },
  ],
  export: [
    {
      text: 'Lieferung und Montage von zwei Schiebetüranlagen (Export)',
      data: 'Einkaufszentrum, Eingänge Nord und Süd',
      div: ['autSchieber', 'export'],
      median: 38000,
    },
  ],
};

export const CONTACTS: [string, string][] = [
  ['Thomas', 'Becker'],
  ['Sandra', 'Schneider'],
  ['Michael', 'Wagner'],
  ['Claudia', 'Hoffmann'],
  ['Stefan', 'Krämer'],
  ['Nicole', 'Braun'],
  ['Andreas', 'Zimmermann'],
  ['Katrin', 'Hartmann'],
  ['Jürgen', 'Lange'],
  ['Melanie', 'Schmitt'],
  ['Oliver', 'Werner'],
  ['Birgit', 'Krause'],
  ['Daniel', 'Meier'],
  ['Sabine', 'Lehmann'],
  ['Markus', 'Schulz'],
  ['Yvonne', 'Koch'],
];
export const ascii = (s: string) =>
  s.toLowerCase().replace(/ä/g, 'ae').replace(/ö/g, 'oe').replace(/ü/g, 'ue').replace(/ß/g, 'ss');

export const areaCode = (plz: string) =>
  plz.startsWith('L')
    ? '+352'
    : plz.startsWith('65')
      ? '0611'
      : plz.startsWith('64')
        ? '06151'
        : plz.startsWith('634')
          ? '06181'
          : '069';

export const TECHNICIANS = ['Tobias Techniker', 'Marco Brandt', 'Jonas Keller', 'Deniz Yilmaz', 'Florian Roth'];
export const FROM_OTHERS: Record<Exclude<ReceivedVia, 'techniker' | 'kunde' | 'ktb'>, string[]> = {
  einsatzleitung: ['Einsatzleitung Frankfurt (S. Vogel)', 'Einsatzleitung Darmstadt (K. Peters)'],
  buchung_verrechnung: ['Buchung/Verrechnung (M. Krüger)', 'Verrechnung (A. Seidel)'],
  neuanlagengeschaeft: ['Vertrieb Neuanlagen (R. Schäfer)', 'Neuanlagengeschäft (L. Busch)'],
  sonstiges: ['Telefonzentrale', 'Messekontakt BAU 2025', 'Empfehlung Architekturbüro Heine'],
};

export const REJECTION_NOTES: Record<string, string[]> = {
  absage_preis_war_zu_hoch: [
    'Kunde hat ein Angebot rund 12 % günstiger vorliegen.',
    'Budget für dieses Jahr ausgeschöpft, Preis zu hoch.',
    'Preis über dem Rahmenvertrag, Einkauf lehnt ab.',
  ],
  absage_mitbewerb_hat_auftrag_erhalten: [
    'Auftrag ging an den Hersteller direkt (Wartungsvertrag).',
    'Mitbewerber aus Mainz hat den Zuschlag bekommen.',
    'Ausschreibung: Zuschlag an Mitbewerber.',
  ],
  absage_wird_nicht_realisiert: [
    'Objekt wird verkauft, Maßnahme entfällt.',
    'Umbau auf unbestimmte Zeit verschoben.',
    'Eigentümer lehnt die Maßnahme ab.',
  ],
};
export const OTHER_REASONS = [
  'Kunde lässt die Arbeiten im Rahmen der Gesamtsanierung durch den Generalunternehmer ausführen.',
  'Maßnahme wird mit dem Wartungsvertrag neu verhandelt; Angebot gilt als erledigt.',
  'Anfrage doppelt gestellt, Vorgang unter anderer CS-Nr. weitergeführt.',
];

export const SPARE_NOTES = [
  'Teile beim Hersteller bestellt, Lieferzeit 3 Wochen.',
  'Montage mit Hubsteiger, Termin mit Haustechnik abstimmen.',
  '',
];
