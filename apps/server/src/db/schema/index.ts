/** The Drizzle schema, one file per area; drizzle-kit reads the tables exported here. */
export * from './auth';
export * from './books';
export * from './booktypes';
export * from './countries';
export * from './customerlocations';
export * from './documents';
export * from './folders';
export * from './inspections';
export * from './mail';
export * from './offers';
export * from './orders';
export * from './pdf';
export * from './protocol';
export * from './qr';
export * from './reminders';
export * from './tenants';
export * from './users';
