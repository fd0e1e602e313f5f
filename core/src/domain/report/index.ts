export * from './risk.ts';
export * from './actions.ts';
export * from './characteristics.ts';
export * from './counts.ts';
export * from './trend.ts';
export * from './report.ts';
