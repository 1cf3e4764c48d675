import type { offerevaluation as de } from '../de/offerevaluation';

/** The offer evaluation: its five views, tables, charts and export. */
export const offerevaluation: typeof de = {
  title: 'Offer evaluation',
  views: {
    erfolgsquote: 'Success rate',
    angebotszeiten: 'Offer times',
    ktbauswertung: 'KTB evaluation',
    gespraechsresultat: 'Talk results',
    erhaltenueber: 'Received via',
  },
};
