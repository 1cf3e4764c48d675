/** Texts of the shared list page and entity editor kits (apps/web components/ui/list-page, entity-editor). */
export const ui = {
  /** The CSV/XLSX buttons of the evaluations. */
  export: {
    label: 'Exportieren',
    csv: 'CSV',
    xlsx: 'Excel (XLSX)',
    failed: 'Der Export ist fehlgeschlagen.',
  },
  list: {
    search: 'Suchen',
    searchPlaceholder: 'Suchen …',
    clearSearch: 'Suche zurücksetzen',
    total_one: '{{count}} Eintrag',
    total_other: '{{formatted}} Einträge',
    empty: 'Noch keine Einträge.',
    noMatch: 'Keine Treffer für „{{search}}“.',
    loading: 'Liste wird geladen …',
    actions: 'Aktionen',
    sortBy: 'Sortieren nach {{column}}',
    sort: 'Sortierung',
    sortAsc: '{{column}} aufsteigend',
    sortDesc: '{{column}} absteigend',
    range: '{{from}}–{{to}} von {{total}}',
    moreThan: 'mehr als {{n}}',
    pager: 'Seiten',
    page: 'Seite {{page}}',
    pageControl: {
      first: 'Erste Seite',
      previous: 'Vorige Seite',
      next: 'Nächste Seite',
      last: 'Letzte Seite',
    },
    pageSize: 'Einträge pro Seite',
  },
  editor: {
    unsaved: 'Ungespeicherte Änderungen',
    noChanges: 'Keine Änderungen',
    notFoundTitle: 'Nicht gefunden',
    notFound: 'Diesen Datensatz gibt es nicht (mehr), oder er ist für Sie nicht freigegeben.',
  },
  conflict: {
    title: 'Der Datensatz wurde inzwischen geändert',
    text: 'Jemand anderes hat diesen Datensatz gespeichert, während Sie ihn bearbeitet haben. Sie können den neuen Stand laden (Ihre Änderungen werden verworfen) oder Ihre Eingaben behalten und beim nächsten Speichern den neuen Stand überschreiben.',
    reload: 'Neu laden',
    keep: 'Meine Eingaben behalten',
  },
  unsaved: {
    title: 'Ungespeicherte Änderungen',
    text: 'Ihre Eingaben sind noch nicht gespeichert. Wenn Sie die Seite verlassen, gehen sie verloren.',
    leave: 'Verlassen und verwerfen',
    stay: 'Weiter bearbeiten',
  },
  /** The notice for outdated browsers (SPEC §9); {brow_name} and {days} are filled in by the notice itself. */
  browserUpdate: {
    msg: 'Ihr Browser ({brow_name}) ist veraltet.',
    insecure: 'Ihr Browser ({brow_name}) hat eine bekannte Sicherheitslücke.',
    msgmore: 'Bitte aktualisieren Sie ihn: Das Prüfbuch läuft dann sicherer, schneller und vollständig.',
    bupdate: 'Browser aktualisieren',
    bignore: 'Ignorieren',
    remind: 'Sie werden in {days} Tagen wieder erinnert.',
    bnever: 'Nicht mehr anzeigen',
  },
};
