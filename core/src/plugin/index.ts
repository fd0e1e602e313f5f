export * from './manifest.ts';
