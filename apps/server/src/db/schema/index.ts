export * from './books';
export * from './customerlocations';
export * from './inspections';
export * from './mail';
export * from './reminders';
export * from './tenants';
export * from './users';
