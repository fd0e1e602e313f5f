export * from './registry.ts';
export * from './rules.ts';
export * from './list-query.ts';
