/** The PFMEA's process model on the FMEA engine (docs/domain/pfmea.md). */
export * from './vocabulary.ts';
export * from './messages.ts';
export * from './structure.ts';
