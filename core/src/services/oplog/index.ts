export * from './oplog.ts';
export * from './export.ts';
