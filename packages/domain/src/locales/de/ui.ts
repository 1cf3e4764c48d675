/** Texts of the shared list page kit (apps/web components/ui/list-page). */
export const ui = {
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
};
