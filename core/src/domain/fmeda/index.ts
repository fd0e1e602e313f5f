export * from './metrics.ts';
export * from './project.ts';
export * from './catalog.ts';
export * from './snapshot.ts';
