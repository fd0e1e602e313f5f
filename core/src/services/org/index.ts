export * from './sites.ts';
export * from './departments.ts';
