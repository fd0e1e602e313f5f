export * from './registry.ts';
export * from './rules.ts';
