export * from './fields.ts';
export * from './values.ts';
export * from './xlsx.ts';
export * from './list-query.ts';
