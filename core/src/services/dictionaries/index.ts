export * from './dictionaries.ts';
export * from './dictionary-xlsx.ts';
export * from './lookup.ts';
