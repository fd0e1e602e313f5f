export * from './metrics.ts';
