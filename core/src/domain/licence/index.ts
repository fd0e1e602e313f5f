export * from './trial.ts';
