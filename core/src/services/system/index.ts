export * from './seed.ts';
export * from './default-dictionaries.ts';
export * from './app-settings.ts';
export * from './translation.ts';
export * from './manual.ts';
