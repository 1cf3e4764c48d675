import type { lookups as de } from '../de/lookups';

export const lookups: typeof de = {
  roles: {
    ADMIN_ROLE: 'Administrator',
    LIST_ADMIN_ROLE: 'List administrator',
    ROLE_TENANTADMIN: 'List administrator',
    STANDARD_ROLE: 'Standard',
    ACCEPTOR_ROLE: 'Acceptor',
    PROJECT_ROLE: 'Project',
    PROJECT_ONLY_ROLE: 'Project only',
    ROLE_LAGER: 'Warehouse',
    ROLE_FILIALE: 'Branch',
    ROLE_SERVICE_TECHNIKER: 'Service technician',
    ACCEPTOR_LITE_ROLE: 'Acceptor lite',
    ROLE_FERTIGUNG: 'Production',
    ROLE_LEITER_FERTIGUNG: 'Production lead',
  },
  customerRoles: {
    ROLE_DEFAULT: 'Default',
    ROLE_REGIONAL_MANAGER: 'Regional manager',
    ROLE_CONTROL: 'Control',
  },
  departments: {
    NO_DEPARTMENT: 'No department',
    EL: 'Operations management (EL)',
    OPM: 'Order management (OPM)',
    KTB: 'Customer technical advisor (KTB)',
    OFM: 'Offer management (OFM)',
  },
  customers: {
    NO_CUSTOMER: 'No customer',
    RETAIL_CUSTOMER: 'Retail customer',
  },
};
