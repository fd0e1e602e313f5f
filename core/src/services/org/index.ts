export * from './sites.ts';
export * from './departments.ts';
export * from './site-users.ts';
export * from './concurrency.ts';
