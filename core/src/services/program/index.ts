export * from './access.ts';
export * from './programs.ts';
export * from './tasks.ts';
export * from './lists.ts';
export * from './transitions.ts';
export * from './plan.ts';
export * from './log.ts';
export * from './progress.ts';
export { nodeAnalysis } from './analysis.ts';
