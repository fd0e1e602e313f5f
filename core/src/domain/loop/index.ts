export * from './vocabulary.ts';
export * from './match.ts';
export * from './proposals.ts';
