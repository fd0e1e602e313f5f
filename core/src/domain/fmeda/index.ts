export * from './metrics.ts';
export * from './project.ts';
