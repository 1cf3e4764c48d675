/** The inspection file (Prüfakte) as a ZIP: the actions, the progress dialog, the mail and the manifest (decision 058). */
export const exports = {
  actions: {
    book: 'Prüfakte exportieren',
    branch: 'Prüfakte der Filiale exportieren',
    customer: 'Prüfakte des Kunden exportieren',
  },
  dialog: {
    title: 'Prüfakte',
    preparing: 'Die Prüfakte wird zusammengestellt …',
    direct: 'Die Prüfakte wird heruntergeladen ({{books}} Prüfbuch/-bücher, {{records}} Einträge).',
    background:
      'Die Prüfakte ist groß ({{books}} Prüfbuch/-bücher, {{records}} Einträge) und wird im Hintergrund erstellt. Sie können die Seite verlassen: Den Link erhalten Sie auch per E-Mail.',
    progress: '{{done}} von {{total}} Prüfbüchern',
    queued: 'Wartet auf den Start …',
    done: 'Die Prüfakte ist fertig ({{size}}).',
    download: 'Herunterladen',
    expires: 'Der Link ist bis {{date}} gültig und wurde Ihnen auch per E-Mail geschickt.',
    failed: 'Die Prüfakte konnte nicht erstellt werden. Bitte versuchen Sie es erneut.',
    expired: 'Der Link ist abgelaufen. Bitte exportieren Sie die Prüfakte erneut.',
    close: 'Schließen',
  },
  status: {
    queued: 'wartet',
    running: 'wird erstellt',
    done: 'fertig',
    failed: 'fehlgeschlagen',
    expired: 'abgelaufen',
  },
  mail: {
    subject: 'Prüfbuch: Prüfakte „{{label}}“ ist fertig',
    body: 'die angeforderte Prüfakte „{{label}}“ ({{books}} Prüfbuch/-bücher, {{size}}) steht zum Herunterladen bereit. Der Link ist bis {{date}} gültig:\n\n{{link}}\n\nDie Datei manifest.txt in der ZIP-Datei nennt jede Datei mit ihrer SHA-256-Prüfsumme.',
  },
  file: {
    name: 'Prüfakte',
    book: 'Prüfbuch',
    records: 'Prüfberichte',
    documents: 'Dokumente',
    customer: 'Kunde {{customer}}',
  },
  manifest: {
    title: 'Prüfakte – Inhaltsverzeichnis',
    exportedAt: 'Exportiert am',
    exportedBy: 'Exportiert von',
    tenant: 'Mandant',
    scope: 'Umfang',
    books: 'Prüfbücher',
    chainHead: 'Kettenkopf',
    noChain: 'keiner',
    recordCount: '{{count}} Einträge',
    files: 'Dateien (SHA-256 und Pfad; die Größen stehen in manifest.json)',
    check: 'Prüfen: sha256sum -c manifest.txt (Zeilen ohne Prüfsumme werden übersprungen).',
  },
};
