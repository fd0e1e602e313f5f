export * from './standards.ts';
export * from './ledger.ts';
export * from './reads.ts';
export * from './credits.ts';
