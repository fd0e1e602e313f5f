export * from './oplog.ts';
