/** Display names of roles, customer roles, departments and customers (by their names in roles.ts). */
export const lookups = {
  roles: {
    ADMIN_ROLE: 'Administrator',
    LIST_ADMIN_ROLE: 'Listen-Administrator',
    ROLE_TENANTADMIN: 'Listen-Administrator',
    STANDARD_ROLE: 'Standard',
    ACCEPTOR_ROLE: 'Abnehmer',
    PROJECT_ROLE: 'Projekt',
    PROJECT_ONLY_ROLE: 'Nur Projekt',
    ROLE_LAGER: 'Lager',
    ROLE_FILIALE: 'Filiale',
    ROLE_SERVICE_TECHNIKER: 'Servicetechniker',
    ACCEPTOR_LITE_ROLE: 'Abnehmer Lite',
    ROLE_FERTIGUNG: 'Fertigung',
    ROLE_LEITER_FERTIGUNG: 'Leiter Fertigung',
  },
  customerRoles: {
    ROLE_DEFAULT: 'Standard',
    ROLE_REGIONAL_MANAGER: 'Regionalleiter',
    ROLE_CONTROL: 'Controlling',
  },
  departments: {
    NO_DEPARTMENT: 'Keine Abteilung',
    EL: 'Einsatzleitung (EL)',
    OPM: 'Auftragsmanagement (OPM)',
    KTB: 'Kundentechnischer Berater (KTB)',
    OFM: 'Angebotsmanagement (OFM)',
  },
  customers: {
    NO_CUSTOMER: 'Kein Kunde',
    RETAIL_CUSTOMER: 'Einzelhandelskunde',
  },
};
