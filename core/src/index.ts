export * from './errors.ts';
export * from './i18n/index.ts';
export * from './db/index.ts';
export * from './domain/index.ts';
export * from './services/index.ts';
