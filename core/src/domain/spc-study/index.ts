export * from './vocabulary.ts';
export * from './spec.ts';
export * from './occurrence.ts';
export * from './study.ts';
