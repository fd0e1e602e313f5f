export * from './settings.ts';
export * from './indicators.ts';
