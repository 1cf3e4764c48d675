import type { home as de } from '../de/home';

export const home: typeof de = {
  welcome: 'Welcome to Prüfbuch',
  welcomeUser: 'Welcome, {{name}}',
  intro:
    'Inspection books for automatic doors and smoke and heat extraction systems: inspections, maintenance, expert reports and QR-code labels in one place.',
  signedOut: 'Please sign in to see your inspection books.',
  signIn: 'Sign in',
  areas: 'Your areas',
  noAreas: 'No areas have been enabled for your account yet.',
  due: {
    title: 'Due next',
    empty: 'No inspection is due in the chosen tenant.',
  },
  tiles: {
    nearbyLists: 'Inspection books by tenant and folder',
    myInspections: 'Your open inspections',
    orderProcessing: 'Orders across all departments',
    evaluation: 'Evaluations of order processing',
    branches: 'Branches with traffic-light status',
    qrCode: 'Scan the QR code of a book',
    costList: 'Cost rates and flat rates',
    capacityPlanning: 'Plan production capacity',
    offers: 'Technical offers and orders',
    offerEvaluation: 'Success rate and offer times',
    defectReports: 'Close defects reported through the QR code',
  },
};
