/** Baselines of an FMEA project: the canonical snapshot and the diff of two (docs/domain/fmea-baselines.md). */
export * from './snapshot.ts';
export * from './diff.ts';
