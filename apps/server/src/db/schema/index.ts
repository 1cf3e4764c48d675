export * from './books';
export * from './mail';
export * from './tenants';
export * from './users';
