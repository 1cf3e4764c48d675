/**
 * The starter set of the door component catalogue (decision 025): about 150 codes that a new
 * installation gets when its catalogue is empty (components.seed.ts), and that the demo uses.
 * Admins change, add and retire codes under /components afterwards; this list is never re-applied
 * over their changes.
 *
 * The codes follow one scheme, so that an order's door configuration reads at a glance:
 *
 * | prefix | kind    | what                                                                        |
 * | ------ | ------- | --------------------------------------------------------------------------- |
 * | SA-    | drive   | sliding door drives (Schiebetürantriebe); '-FR' on escape routes            |
 * | DA-    | drive   | swing door drives (Drehtürantriebe)                                         |
 * | PS-    | control | program switches (Programmschalter)                                          |
 * | TA-    | control | push buttons and pulse generators (Taster, Funk)                            |
 * | ZK-    | control | access control, timers and building automation interfaces                  |
 * | SE-    | sensor  | motion, presence and safety sensors, light barriers, smoke switches        |
 * | OP-    | option  | locks, hold-open, covers, accessories                                       |
 * | USV-   | ups     | batteries and uninterruptible power supplies                                |
 * | FL/SFL/TEL/RD/FALT | wings | wing counts: the last character is the number of wings     |
 * | STD-/FR-/BS- | power | power types; a code with 'FR' marks an escape-route door (SPEC §9) |
 *
 * Only escape-route power types contain the letters 'fr' (in any case): the book takes a door as an
 * escape-route door from that (rules/door-book.ts).
 */
import type { ComponentDoorType, ComponentKind } from '@pruefbuch/domain/schemas/component';

export type StarterComponent = readonly [code: string, kind: ComponentKind, doorType: ComponentDoorType, text: string];

const S = 'schieber';
const D = 'dreher';
const B = 'both';

export const STARTER_COMPONENTS: readonly StarterComponent[] = [
  // Sliding door drives
  ['SA-1', 'drive', S, 'Schiebetürantrieb 1-flügelig'],
  ['SA-2', 'drive', S, 'Schiebetürantrieb 2-flügelig'],
  ['SA-1-FR', 'drive', S, 'Schiebetürantrieb 1-flügelig, Fluchtweg (redundant)'],
  ['SA-2-FR', 'drive', S, 'Schiebetürantrieb 2-flügelig, Fluchtweg (redundant)'],
  ['SA-SLIM-1', 'drive', S, 'Schiebetürantrieb flache Bauform (Bauhöhe 7 cm), 1-flügelig'],
  ['SA-SLIM-2', 'drive', S, 'Schiebetürantrieb flache Bauform (Bauhöhe 7 cm), 2-flügelig'],
  ['SA-SLIM-2-FR', 'drive', S, 'Schiebetürantrieb flache Bauform, 2-flügelig, Fluchtweg (redundant)'],
  ['SA-TEL-2', 'drive', S, 'Teleskop-Schiebetürantrieb 2-flügelig, einseitig öffnend'],
  ['SA-TEL-4', 'drive', S, 'Teleskop-Schiebetürantrieb 4-flügelig, beidseitig öffnend'],
  ['SA-TEL-4-FR', 'drive', S, 'Teleskop-Schiebetürantrieb 4-flügelig, Fluchtweg (redundant)'],
  ['SA-BO-1', 'drive', S, 'Schiebetürantrieb 1-flügelig mit Break-Out-Beschlägen (Vollpanik)'],
  ['SA-BO-2', 'drive', S, 'Schiebetürantrieb 2-flügelig mit Break-Out-Beschlägen (Vollpanik)'],
  ['SA-BO-2-FR', 'drive', S, 'Schiebetürantrieb 2-flügelig mit Break-Out, Fluchtweg (redundant)'],
  ['SA-HD-1', 'drive', S, 'Schiebetürantrieb für schwere Flügel bis 250 kg, 1-flügelig'],
  ['SA-HD-2', 'drive', S, 'Schiebetürantrieb für schwere Flügel bis 2 × 200 kg, 2-flügelig'],
  ['SA-RUND-2', 'drive', S, 'Rundschiebetürantrieb (Bogenschiebetür), 2-flügelig'],
  ['SA-RUND-2-FR', 'drive', S, 'Rundschiebetürantrieb (Bogenschiebetür), 2-flügelig, Fluchtweg (redundant)'],
  ['SA-HERM-1', 'drive', S, 'Schiebetürantrieb hermetisch dicht (OP, Labor), 1-flügelig'],
  ['SA-HERM-2', 'drive', S, 'Schiebetürantrieb hermetisch dicht (OP, Labor), 2-flügelig'],
  ['SA-ISO-2', 'drive', S, 'Schiebetürantrieb mit wärmegedämmtem Profilsystem, 2-flügelig'],
  ['SA-T30-1', 'drive', S, 'Schiebetürantrieb für Feuerschutzschiebetür T30, 1-flügelig'],
  ['SA-FALT-4', 'drive', S, 'Faltflügeltürantrieb 4-flügelig'],
  ['SA-WF-2', 'drive', S, 'Windfanganlage: zwei Schiebetürantriebe 2-flügelig mit Schleusenfunktion'],
  ['SA-LE-1', 'drive', S, 'Schiebetürantrieb Low-Energy (reduzierte Geschwindigkeit), 1-flügelig'],
  // Swing door drives
  ['DA-EM-1', 'drive', D, 'Drehtürantrieb elektromechanisch, 1-flügelig'],
  ['DA-EM-2', 'drive', D, 'Drehtürantrieb elektromechanisch, 2-flügelig mit Schließfolgeregelung'],
  ['DA-EH-1', 'drive', D, 'Drehtürantrieb elektrohydraulisch, 1-flügelig'],
  ['DA-EH-2', 'drive', D, 'Drehtürantrieb elektrohydraulisch, 2-flügelig mit Schließfolgeregelung'],
  ['DA-LE-1', 'drive', D, 'Low-Energy-Drehtürantrieb (reduzierte Kräfte), 1-flügelig'],
  ['DA-LE-2', 'drive', D, 'Low-Energy-Drehtürantrieb (reduzierte Kräfte), 2-flügelig'],
  [
    'DA-FS-1',
    'drive',
    D,
    'Drehtürantrieb mit integrierter Feststellanlage für Feuer- und Rauchschutztüren, 1-flügelig',
  ],
  ['DA-FS-2', 'drive', D, 'Drehtürantrieb mit integrierter Feststellanlage und Schließfolgeregelung, 2-flügelig'],
  ['DA-SERVO-1', 'drive', D, 'Servo-Drehtürantrieb (Kraftunterstützung bei Handbetätigung), 1-flügelig'],
  ['DA-HD-1', 'drive', D, 'Drehtürantrieb für schwere Flügel bis 400 kg, 1-flügelig'],
  ['DA-UF-1', 'drive', D, 'Unterflur-Drehtürantrieb, 1-flügelig'],
  ['DA-UF-2', 'drive', D, 'Unterflur-Drehtürantrieb, 2-flügelig'],
  ['DA-GS-1', 'drive', D, 'Drehtürantrieb mit Gleitschiene, ziehende Seite'],
  ['DA-GT-1', 'drive', D, 'Drehtürantrieb mit Gestänge, drückende Seite'],
  ['DA-WIND-1', 'drive', D, 'Drehtürantrieb für Außentüren mit Windlastregelung, 1-flügelig'],
  ['DA-RW-1', 'drive', D, 'Drehtürantrieb für Rettungswegtüren, selbsttätig öffnend, 1-flügelig'],
  ['DA-RW-2', 'drive', D, 'Drehtürantrieb für Rettungswegtüren, selbsttätig öffnend, 2-flügelig'],
  ['DA-GLAS-1', 'drive', D, 'Drehtürantrieb für Ganzglastüren mit Klemmbeschlag, 1-flügelig'],
  // Control elements
  ['PS-MECH', 'control', B, 'Programmschalter mechanisch mit Schlüssel (Aus, Automatik, Dauer-Auf, Nacht, Ausgang)'],
  ['PS-EL', 'control', B, 'Programmschalter elektronisch mit Display'],
  ['PS-EL-SCHL', 'control', B, 'Programmschalter elektronisch mit Schlüsselfreigabe (Nacht und Aus nur mit Schlüssel)'],
  ['PS-PIN', 'control', B, 'Programmwahltaster mit PIN-Code'],
  ['PS-AP', 'control', B, 'Programmschalter Aufputz, Edelstahl'],
  ['PS-UP', 'control', B, 'Programmschalter Unterputz, Edelstahl'],
  ['TA-AP', 'control', B, 'Taster Aufputz, Kunststoff weiß'],
  ['TA-UP', 'control', B, 'Taster Unterputz, Edelstahl'],
  ['TA-ELL', 'control', B, 'Ellbogentaster Edelstahl (Krankenhaus, Labor)'],
  ['TA-FUSS', 'control', B, 'Fußtaster Edelstahl'],
  ['TA-BEH', 'control', B, 'Behindertentaster mit Rollstuhlpiktogramm, Edelstahl 100 × 100 mm'],
  ['TA-BEH-SAEULE', 'control', B, 'Behindertentaster auf Standsäule, Edelstahl'],
  ['TA-NOTAUF', 'control', B, 'Not-Auf-Taster grün mit Schutzhaube'],
  ['TA-NOTHALT', 'control', B, 'Not-Halt-Taster rot'],
  ['TA-IR', 'control', B, 'Berührungsloser Taster (Infrarot-Näherungsschalter)'],
  ['TA-FUNK-HS', 'control', B, 'Funk-Handsender 2-Kanal mit Empfänger'],
  ['TA-FUNK-T', 'control', B, 'Funktaster batteriebetrieben mit Empfänger'],
  ['TA-SCHL', 'control', B, 'Schlüsseltaster Unterputz für Profilhalbzylinder'],
  ['TA-ZUG', 'control', B, 'Zugschalter (WC, barrierefrei)'],
  ['ZK-RFID', 'control', B, 'Kartenleser RFID (Zutrittskontrolle)'],
  ['ZK-CODE', 'control', B, 'Codetastatur Aufputz'],
  ['ZK-FINGER', 'control', B, 'Fingerabdruckleser (Zutrittskontrolle)'],
  ['ZK-TZ', 'control', B, 'Zeitschaltuhr mit Wochenprogramm'],
  ['ZK-GLT', 'control', B, 'Anbindung an die Gebäudeleittechnik (potenzialfreie Kontakte)'],
  ['ZK-KNX', 'control', B, 'KNX-Schnittstelle'],
  ['ZK-BACNET', 'control', B, 'BACnet-Schnittstelle'],
  ['ZK-SCHLEUSE', 'control', B, 'Schleusensteuerung für zwei Türen'],
  ['ZK-BT', 'control', B, 'Bluetooth-Servicemodul mit App'],
  ['ZK-DISPLAY', 'control', B, 'Diagnose- und Servicedisplay'],
  ['ZK-INTERCOM', 'control', B, 'Anbindung an die Türsprechanlage'],
  ['ZK-ZAEHL', 'control', B, 'Personenzähler mit Zutrittsbegrenzung (Ampel)'],
  // Safety sensors
  ['SE-RADAR', 'sensor', B, 'Radar-Bewegungsmelder, richtungserkennend'],
  ['SE-RADAR-QV', 'sensor', S, 'Radar-Bewegungsmelder mit Querverkehrausblendung'],
  ['SE-KOMBI', 'sensor', S, 'Kombisensor Radar und Aktiv-Infrarot-Präsenzmelder nach DIN 18650'],
  ['SE-KOMBI-FR', 'sensor', S, 'Kombisensor Radar und Aktiv-Infrarot, selbstüberwachend, für Rettungswege'],
  ['SE-IR-SK', 'sensor', S, 'Aktiv-Infrarot-Sicherheitssensor Hauptschließkante'],
  ['SE-IR-NSK', 'sensor', S, 'Aktiv-Infrarot-Sicherheitssensor Nebenschließkante'],
  ['SE-LS-1', 'sensor', B, 'Einweg-Lichtschranke im Durchgang'],
  ['SE-LS-2', 'sensor', B, 'Lichtschranke in zwei Ebenen'],
  ['SE-LG', 'sensor', S, 'Lichtgitter im Rahmenprofil'],
  ['SE-OEFF', 'sensor', D, 'Sicherheitssensor Öffnungsseite am Drehflügel'],
  ['SE-SCHL', 'sensor', D, 'Sicherheitssensor Schließseite am Drehflügel'],
  ['SE-OEFF-SCHL', 'sensor', D, 'Sicherheitssensoren Öffnungs- und Schließseite am Drehflügel'],
  ['SE-BAND', 'sensor', D, 'Sicherheitssensor Bandseite (Quetschstelle Nebenschließkante)'],
  ['SE-LEISTE', 'sensor', B, 'Sicherheitskontaktleiste an der Schließkante'],
  ['SE-TEST', 'sensor', B, 'Testbarer Sicherheitssensor (Kategorie 2 nach EN ISO 13849-1)'],
  ['SE-RIEGEL', 'sensor', B, 'Riegelschaltkontakt (Verriegelungsüberwachung)'],
  ['SE-MAG', 'sensor', B, 'Magnetkontakt (Türzustandsüberwachung)'],
  ['SE-RAUCH-D', 'sensor', B, 'Rauchmelder Decke (Feststellanlage)'],
  ['SE-RAUCH-S', 'sensor', B, 'Rauchschalterzentrale im Sturz'],
  ['SE-WIND', 'sensor', D, 'Windwächter'],
  ['SE-PRAES', 'sensor', B, 'Präsenzmelder Schwenk- und Verfahrbereich'],
  ['SE-BODEN', 'sensor', B, 'Sicherheitsschaltmatte'],
  ['SE-ESCAL', 'sensor', S, 'Sensor für langsames Gehen (Schleichverkehr-Erkennung)'],
  // Options
  ['OP-VERR-EM', 'option', B, 'Elektromechanische Verriegelung (Motorschloss)'],
  ['OP-VERR-BI', 'option', S, 'Bistabile Verriegelung mit Handentriegelung'],
  ['OP-VERR-RW', 'option', B, 'Verriegelung für Rettungswegtüren nach EltVTR mit Nottaster'],
  ['OP-NOTENT', 'option', S, 'Mechanische Notentriegelung mit Zugseil'],
  ['OP-ETO-A', 'option', D, 'Elektrischer Türöffner Arbeitsstrom'],
  ['OP-ETO-R', 'option', D, 'Elektrischer Türöffner Ruhestrom (Rettungsweg)'],
  ['OP-FSA', 'option', B, 'Feststellanlage mit allgemeiner bauaufsichtlicher Zulassung'],
  ['OP-SFR', 'option', D, 'Schließfolgeregelung'],
  ['OP-MITN', 'option', D, 'Mitnehmerklappe'],
  ['OP-WINTER', 'option', S, 'Winterschaltung (Teilöffnungsweite)'],
  ['OP-NACHT', 'option', S, 'Nachtverriegelung mit Hakenriegel'],
  ['OP-BOFUE', 'option', S, 'Bodenführung durchgehend'],
  ['OP-SOCKEL', 'option', S, 'Sockelprofil Edelstahl'],
  ['OP-HAUBE-RAL', 'option', B, 'Abdeckhaube in Sonderfarbe RAL'],
  ['OP-HAUBE-ES', 'option', B, 'Abdeckhaube Edelstahl-Optik'],
  ['OP-HEIZ', 'option', B, 'Antriebsheizung (Frostschutz)'],
  ['OP-ZYKLUS', 'option', B, 'Zyklenzähler'],
  ['OP-FERN', 'option', B, 'Fernwartungsmodul (Mobilfunk)'],
  ['OP-SIGNAL', 'option', B, 'Signalleuchte zur Zustandsanzeige'],
  ['OP-SUMMER', 'option', B, 'Akustischer Warnsignalgeber'],
  ['OP-BRAND', 'option', B, 'Brandfallsteuerung (Öffnen oder Schließen im Brandfall)'],
  ['OP-RWA', 'option', B, 'Anbindung an die RWA (Zuluftöffnung)'],
  ['OP-PANIK', 'option', D, 'Paniktürverschluss mit Griffstange nach DIN EN 1125'],
  ['OP-NOTAUSG', 'option', D, 'Notausgangsverschluss nach DIN EN 179'],
  ['OP-ESG', 'option', B, 'Flügelverglasung ESG'],
  ['OP-VSG', 'option', B, 'Flügelverglasung VSG'],
  ['OP-BO-ST', 'option', S, 'Break-Out-Funktion der Seitenteile'],
  ['OP-HERM', 'option', S, 'Dichtungssatz hermetisch dicht'],
  ['OP-BARRIERE', 'option', B, 'Barrierefreie Ausführung nach DIN 18040'],
  ['OP-SCHUTZ', 'option', D, 'Schutzgitter im Schwenkbereich'],
  ['OP-FINGER', 'option', D, 'Fingerschutzrollo an der Bandseite'],
  ['OP-ZUHALT', 'option', D, 'Zuhaltekraft erhöht (Windlast)'],
  ['OP-PUSH', 'option', D, 'Push-and-Go (Öffnen durch Anstoßen des Flügels)'],
  // Batteries and UPS
  ['USV-AKKU-AUF', 'ups', B, 'Akkupaket für Notöffnung bei Netzausfall'],
  ['USV-AKKU-ZU', 'ups', B, 'Akkupaket für Notschließung bei Netzausfall'],
  ['USV-AKKU-BETR', 'ups', B, 'Akkupaket für Notbetrieb (etwa 30 Minuten Weiterbetrieb)'],
  ['USV-RED', 'ups', S, 'Redundante Notstromversorgung (zweites Akkupaket) für Rettungswege'],
  ['USV-24', 'ups', B, 'Notstromversorgung 24 V DC für Steuerung und Verriegelung'],
  ['USV-EXT-1', 'ups', B, 'Externe USV 1 kVA'],
  ['USV-EXT-3', 'ups', B, 'Externe USV 3 kVA'],
  ['USV-TEST', 'ups', B, 'Akkuüberwachung mit automatischem Selbsttest'],
  // Wing counts: the last character is the number of wings
  ['FL1', 'wings', D, 'Drehflügeltür 1-flügelig'],
  ['FL2', 'wings', D, 'Drehflügeltür 2-flügelig'],
  ['SFL1', 'wings', S, 'Schiebetür 1-flügelig'],
  ['SFL2', 'wings', S, 'Schiebetür 2-flügelig'],
  ['TEL2', 'wings', S, 'Teleskopschiebetür 2-flügelig'],
  ['TEL4', 'wings', S, 'Teleskopschiebetür 4-flügelig'],
  ['RD2', 'wings', S, 'Rundschiebetür 2-flügelig'],
  ['RD4', 'wings', S, 'Rundschiebetür 4-flügelig'],
  ['FALT2', 'wings', S, 'Faltflügeltür 2-flügelig'],
  ['FALT4', 'wings', S, 'Faltflügeltür 4-flügelig'],
  // Power types: 'FR' marks an escape-route door
  ['STD-230', 'power', B, 'Netzanschluss 230 V, Standardausführung'],
  ['STD-230-AKKU', 'power', B, 'Netzanschluss 230 V mit Akkupaket'],
  ['BS-230', 'power', B, 'Brandschutzausführung 230 V (Schließen im Brandfall)'],
  ['FR-230', 'power', B, 'Fluchtwegausführung 230 V, redundant, bauaufsichtlich zugelassen'],
  ['FR-230-AKKU', 'power', B, 'Fluchtwegausführung 230 V mit redundanter Akku-Notöffnung'],
  ['FR-24', 'power', B, 'Fluchtwegausführung mit Verriegelung 24 V DC nach EltVTR'],
  ['FR-RWA', 'power', B, 'Fluchtweg- und Zuluftausführung (Ansteuerung durch die RWA)'],
];
