export * from './context.ts';
export * from './audit.ts';
export * from './write.ts';
export * from './paging.ts';
export * from './password-hash.ts';
export * from './settings.ts';
export * from './xlsx.ts';
export * from './zip-guard.ts';
export { UNMAPPED_MESSAGE_KEYS } from './sheet-columns.ts';
