/** The FMEA engine's tables: project and team, then the analysis (docs/domain/fmea-engine.md). */
export * from './fmea-project.ts';
export * from './fmea-attachment.ts';
export * from './fmea-sharing.ts';
export * from './fmea-analysis.ts';
export * from './fmea-review.ts';
export * from './fmea-baseline.ts';
export * from './fmea-comment.ts';
export * from './fmeca.ts';
