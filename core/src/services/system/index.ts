export * from './seed.ts';
export * from './default-dictionaries.ts';
