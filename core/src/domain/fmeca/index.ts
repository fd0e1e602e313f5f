/** FMECA: the criticality analysis of a DFMEA's failure modes (docs/domain/fmeca.md). Pure. */
export * from './criticality.ts';
