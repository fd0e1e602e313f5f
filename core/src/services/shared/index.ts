export * from './context.ts';
export * from './audit.ts';
export * from './write.ts';
export * from './paging.ts';
// the tests' cheaper hashing switch stays out of the barrel: only core/src/testing reaches it
export { hashPassword, PASSWORD_HASH_COST, verifyPassword } from './password-hash.ts';
export * from './settings.ts';
export * from './xlsx.ts';
export * from './zip-guard.ts';
export { UNMAPPED_MESSAGE_KEYS } from './sheet-columns.ts';
export * from './import-slots.ts';
export * from './turns.ts';
export * from './workbook-stream.ts';
export * from './auth-stamp.ts';
