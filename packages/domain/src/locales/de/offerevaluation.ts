/** The offer evaluation (Angebotsauswertung): its five views, tables, charts and export. */
export const offerevaluation = {
  title: 'Angebotsauswertung',
  views: {
    erfolgsquote: 'Erfolgsquote',
    angebotszeiten: 'Angebotszeiten',
    ktbauswertung: 'KTB-Auswertung',
    gespraechsresultat: 'Gesprächsergebnis',
    erhaltenueber: 'Erhalten über',
  },
};
