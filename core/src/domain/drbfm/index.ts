export * from './vocabulary.ts';
export * from './rules.ts';
export * from './snapshot.ts';
