/** What other features use of the tenants feature (everything else in it is its own). */
export { useTechAcceptors } from './api/get-tech-acceptors';
export { useTenant } from './api/get-tenant';
export { useTenantBySlug } from './api/get-tenant-by-slug';
export { useUserTenants } from './api/get-user-tenants';
