export * from './vocabulary.ts';
export * from './rules.ts';
