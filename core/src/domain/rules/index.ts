export * from './rule-flags.ts';
