export * from './dictionaries.ts';
export * from './dictionary-xlsx.ts';
