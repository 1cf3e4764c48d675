/** Texts for the API's error codes (AppError codes) and the generic toasts of SPEC §8. */
export const errors = {
  VALIDATION: 'Bitte die markierten Felder prüfen.',
  UNAUTHENTICATED: 'Bitte melden Sie sich an.',
  INVALID_CREDENTIALS: 'E-Mail-Adresse oder Passwort ist falsch.',
  ACCOUNT_NOT_VERIFIED: 'Ihr Benutzerkonto ist noch nicht aktiviert. Bitte den Link in der E-Mail öffnen.',
  ACCOUNT_DISABLED: 'Ihr Benutzerkonto ist gesperrt.',
  LOGIN_LOCKED: 'Zu viele Fehlversuche. Bitte in {{minutes}} Minuten erneut versuchen.',
  TWO_FA_LOCKED: 'Zu viele falsche Codes. Bitte in {{minutes}} Minuten erneut versuchen.',
  TWO_FA_INVALID: 'Code nicht korrekt',
  TWO_FA_NOT_STARTED: 'Bitte zuerst den QR-Code erzeugen.',
  TWO_FA_NOT_ACTIVE: 'Die Zwei-Faktor-Anmeldung ist nicht aktiv.',
  TWO_FA_ACTIVE: 'Die Zwei-Faktor-Anmeldung ist bereits aktiv.',
  TOKEN_INVALID: 'Der Link ist ungültig oder abgelaufen.',
  REFRESH_INVALID: 'Ihre Sitzung ist abgelaufen. Bitte neu anmelden.',
  FORBIDDEN: 'Dafür fehlt Ihnen die Berechtigung.',
  TENANT_FORBIDDEN: 'Für diesen Mandanten fehlt Ihnen die Berechtigung.',
  TENANT_REQUIRED: 'Bitte zuerst einen Mandanten wählen.',
  NOT_FOUND: 'Nicht gefunden.',
  EMAIL_EXISTS: 'Diese E-Mail-Adresse wird bereits verwendet.',
  CONFLICT: 'Der Datensatz wurde inzwischen geändert.',
  TENANT_NOT_EMPTY: 'Der Mandant enthält noch Prüfbücher und kann nicht gelöscht werden.',
  FOLDER_NOT_EMPTY: 'Der Ordner enthält noch Unterordner oder Prüfbücher und kann nicht gelöscht werden.',
  URL_EXISTS: 'Diese URL wird bereits von einem anderen Mandanten verwendet.',
  WRONG_PASSWORD: 'Das aktuelle Passwort ist falsch.',
  RATE_LIMITED: 'Zu viele Anfragen. Bitte kurz warten.',
  MAIL_LIMIT_USER:
    'Sie haben in kurzer Zeit zu viele solcher E-Mails gesendet. Bitte in {{minutes}} Minuten erneut versuchen.',
  MAIL_LIMIT_RECORD:
    'Zu diesem Vorgang wurden in kurzer Zeit zu viele E-Mails gesendet. Bitte in {{minutes}} Minuten erneut versuchen.',
  PAYLOAD_TOO_LARGE: 'Die Datei ist zu groß.',
  BODY_TOO_LARGE: 'Die Anfrage ist zu groß.',
  URI_TOO_LONG: 'Die Adresse ist zu lang.',
  UNSUPPORTED_MEDIA_TYPE: 'Dieses Datenformat wird nicht angenommen.',
  BAD_REQUEST: 'Die Anfrage ist ungültig.',
  INVALID_JSON: 'Die Anfrage enthält kein gültiges JSON.',
  JSON_TOO_DEEP: 'Die Daten sind zu tief verschachtelt (höchstens {{max}} Ebenen).',
  INVALID_CHARACTERS: 'Die Eingabe enthält unzulässige Zeichen.',
  IDEMPOTENCY_KEY_REUSED: 'Diese Übertragung wurde schon einmal mit anderen Daten gesendet; sie wird nicht wiederholt.',
  IDEMPOTENCY_KEY_INVALID:
    'Der Idempotency-Key ist ungültig: erlaubt sind 8 bis 128 Buchstaben, Ziffern und die Zeichen - _ . :',
  UPLOAD_INCOMPLETE: 'Die Übertragung war unvollständig. Bitte erneut hochladen.',
  FILE_TOO_LARGE: 'Die Datei ist zu groß: erlaubt sind höchstens {{limit}} MB.',
  UNSUPPORTED_FILE_TYPE: 'Dieser Dateityp wird nicht angenommen. Erlaubt sind PDF, PNG, JPEG, WebP, GIF und HEIC.',
  IMAGE_TOO_LARGE: 'Das Bild ist zu groß: erlaubt sind höchstens {{limit}} Megapixel.',
  IMAGE_UNREADABLE: 'Das Bild ist beschädigt oder unvollständig und kann nicht gelesen werden.',
  FINALIZED:
    'Der Eintrag ist abgeschlossen und kann nicht mehr geändert werden. Für eine Korrektur bitte einen neuen Eintrag anlegen.',
  ALREADY_CORRECTED: 'Dieser Eintrag wurde bereits korrigiert.',
  NOT_FINALIZED: 'Nur abgeschlossene Einträge können korrigiert werden.',
  SIGNATURE_REQUIRED: 'Zum Abschließen wird die Unterschrift des Prüfers benötigt.',
  QUALIFICATION_MISSING:
    'Unterschreiben und Abschließen darf hier nur, wer am {{date}} eine gültige Qualifikation „{{qualification}}“ hat. Ihnen fehlt sie.',
  CHECKLIST_INCOMPLETE: 'Zum Abschließen muss jeder Prüfpunkt bewertet sein.',
  CONTINUED_OPERATION_REQUIRED: 'Bitte angeben, ob die Anlage weiter betrieben werden darf.',
  CONTINUED_OPERATION_CONFLICT:
    'Ein offener Mangel ist mit „Betrieb erst nach Instandsetzung“ oder „Stilllegen“ bewertet: Die Anlage darf dann nicht weiter betrieben werden. Bitte „Nein“ wählen oder die Bewertung des Mangels prüfen.',
  'TOO EARLY': 'Sie sind etwas zu früh dran - probieren sie es bitte später!',
  TOO_LATE: 'Der Anmeldezeitraum ist abgelaufen.',
  FULLY_BOOKED: 'Es sind keine Plätze mehr frei.',
  ALREADY_BOOKED: 'Diese Person ist bereits angemeldet.',
  QR_EXISTS: 'Dieser QR-Code ist bereits einem Prüfbuch zugeordnet.',
  QR_FAILED: 'Der QR-Code konnte nicht erzeugt werden.',
  NO_TECH_ACCEPTOR: 'Diese Person ist nicht als technischer Abnehmer des Mandanten eingetragen.',
  ALREADY_ACCEPTED: 'Das Dokument wurde bereits abgenommen.',
  DEFECT_REPORT_CLOSED: 'Diese Mangelmeldung wurde inzwischen von jemand anderem erledigt.',
  BOOK_ALREADY_LINKED: 'Das Prüfbuch ist dieser Filiale bereits zugeordnet.',
  BOOK_IN_OTHER_LOCATION: 'Das Prüfbuch ist bereits der Filiale {{location}} zugeordnet. Bitte dort zuerst entfernen.',
  BOOK_OF_OTHER_CUSTOMER:
    'Das Prüfbuch „{{book}}“ gehört dem Kunden „{{customer}}“, nicht dem Kunden dieser Filiale, und kann ihr nicht zugeordnet werden.',
  BOOK_WITHOUT_CUSTOMER:
    'Das Prüfbuch „{{book}}“ hat keinen Kunden. Nach der Zuordnung sehen es die Filialbenutzer dieser Filiale.',
  BOOK_FIRST_OF_CUSTOMER:
    'Das Prüfbuch „{{book}}“ (Kunde „{{customer}}“) wäre das erste Prüfbuch dieses Kunden in einer Filiale; es legt fest, welche Prüfbücher den Filialen des Kunden zugeordnet werden können.',
  LOCATION_HAS_BOOKS: 'Der Filiale sind noch Prüfbücher zugeordnet; sie kann nicht gelöscht werden.',
  LOCATION_KEY_TAKEN:
    'Bei diesem Kunden hat die Filiale {{location}} schon diese Kennung. ZNL mit Nr. und SAP-Nr. gibt es je Kunde nur einmal; Groß- und Kleinschreibung zählen dabei nicht.',
  OFFER_NO_FILES: 'Dieses Angebot hat keine Anhänge.',
  OFFER_NO_KTB: 'Dem Angebot ist kein KTB zugeordnet. Bitte einen KTB eintragen oder einen Empfänger wählen.',
  OFFER_HAS_ORDER:
    'Aus diesem Angebot ist der Auftrag {{order}} entstanden; es bleibt als seine Grundlage und kann nicht gelöscht werden.',
  OFFER_TAKEOVER_NOT_ALLOWED:
    'Nur ein beauftragtes Angebot, das noch nicht übernommen ist, kann in die Auftragsabwicklung übernommen werden.',
  ORDER_NUMBERS_USED_UP:
    'Die AB-Nummern dieses Jahres sind aufgebraucht. Bitte unter Auftragsnummern ein anderes Präfix wählen.',
  ORDER_NOT_PLANNABLE:
    'Der Auftrag kann noch nicht eingeplant werden: Für die benötigte Zeit fehlt {{missing}}. Bitte im Auftrag ergänzen.',
  ORDER_NOT_DELETABLE: 'Ein Auftrag kann nur gelöscht werden, solange er angelegt ist.',
  ORDER_STEP_NOT_ALLOWED: 'Dieser Statusschritt ist vom aktuellen Status aus nicht möglich.',
  ORDER_FROM_OFFER_NOT_ALLOWED:
    'Nur aus einem beauftragten Angebot, zu dem es noch keinen Auftrag gibt, kann ein Auftrag angelegt werden.',
  IMPORT_UNREADABLE:
    'Die Datei konnte nicht gelesen werden. Erlaubt sind CSV (Trennzeichen ; oder ,) und Excel (.xlsx).',
  IMPORT_ENCODING:
    'Die CSV-Datei ist weder UTF-8 noch Windows-1252 (oder enthält schon Ersatzzeichen). Bitte in Excel als „CSV UTF-8 (durch Trennzeichen getrennt)“ speichern.',
  IMPORT_TOO_MANY_ROWS: 'Die Datei hat mehr als {{limit}} Zeilen unter der Kopfzeile.',
  IMPORT_TOO_MANY_COLUMNS: 'Die Datei hat Werte in mehr als {{limit}} Spalten.',
  IMPORT_CELL_TOO_LONG: 'Zelle {{cell}} ist länger als {{limit}} Zeichen.',
  IMPORT_TEXT_TOO_LARGE: 'Die Zellen der Datei enthalten zusammen mehr als {{limit}} Zeichen.',
  IMPORT_UNPACKED_TOO_LARGE: 'Die Excel-Datei ist entpackt größer als {{limit}} MB.',
  IMPORT_ZIP_ENTRIES: 'Die Excel-Datei besteht aus mehr als {{limit}} Teilen.',
  IMPORT_COMPRESSION: 'Die Excel-Datei ist ungewöhnlich stark gepackt (mehr als 1 : {{limit}}) und wird nicht gelesen.',
  IMPORT_TOO_COMPLEX:
    'Die Datei konnte nicht innerhalb von {{seconds}} Sekunden und dem erlaubten Speicher gelesen werden.',
  IMPORT_BUSY: 'Gerade werden viele Dateien gelesen. Bitte in {{seconds}} Sekunden erneut versuchen.',
  IMPORT_DUPLICATE: 'Diese Filiale steht mehrfach in der Datei.',
  IMPORT_HAS_ERRORS: '{{count}} Zeilen enthalten Fehler. Bitte korrigieren oder diese Zeilen überspringen.',
  IMPORT_RUN_UNDONE: 'Dieser Importlauf wurde bereits rückgängig gemacht.',
  IMPORT_UNDO_CHANGED:
    'Die Filiale {{location}} wurde nach dem Import geändert oder gelöscht; der Importlauf kann nicht rückgängig gemacht werden.',
  IMPORT_UNDO_HAS_BOOKS:
    'Der Filiale {{location}} wurden nach dem Import Prüfbücher zugeordnet; der Importlauf kann nicht rückgängig gemacht werden.',
  IMPORT_UNDO_HAS_USERS:
    'Der Filiale {{location}} wurden nach dem Import Filial-Benutzer zugewiesen; der Importlauf kann nicht rückgängig gemacht werden, solange sie ihr zugewiesen sind.',
  COSTLIST_EXISTS: 'Für diesen Mandanten gibt es bereits eine Kostenliste.',
  CAPACITY_EXISTS: 'Für diesen Mandanten gibt es bereits Kapazitätseinstellungen.',
  ORDER_HAS_BOOK: 'Für diesen Auftrag wurde bereits ein Prüfbuch angelegt.',
  LEGAL_HOLD_EXISTS: 'Für dieses Prüfbuch bzw. diesen Kunden besteht bereits eine Aufbewahrungssperre.',
  EXPORT_BUSY: 'Es werden bereits mehrere Prüfakten für Sie erstellt. Bitte warten Sie, bis eine davon fertig ist.',
  EXPORT_TOO_LARGE: 'Diese Prüfakte ist zu groß zum direkten Herunterladen und wird im Hintergrund erstellt.',
  EXPORT_LINK_EXPIRED: 'Dieser Link ist abgelaufen oder ungültig. Bitte exportieren Sie die Prüfakte erneut.',
  FIELD_NOT_PERMITTED: 'Dieses Feld dürfen Sie nicht ändern (z. B. die Verrechnung ist Sache der Buchhaltung).',
  OFFER_FILE_COUNT_LIMIT:
    'Ein Angebot kann höchstens {{limit}} Anhänge haben. Bitte zuerst nicht mehr benötigte Anhänge löschen.',
  OFFER_FILE_SIZE_LIMIT:
    'Die Anhänge eines Angebots dürfen zusammen höchstens {{limit}} MB groß sein. Bitte zuerst nicht mehr benötigte Anhänge löschen.',
  MAIL_NOT_RESENDABLE:
    'Diese E-Mail kann nicht erneut gesendet werden: Sie ist nicht unzustellbar, oder ihr Text ist nicht mehr vorhanden.',
  INTERNAL: 'Ein unerwarteter Fehler ist aufgetreten.',
  NETWORK: 'Server nicht erreichbar.',
  saveFailed: 'Fehler beim Speichern!',
  noResponse: 'no response from server',
  couldNotFindUser: 'Email-Adresse wurde nicht gefunden!',
};
