export * from './client.ts';
export { DIALECT, dialectOf, type Dialect } from './dialect.ts';
export * as schema from './schema/index.ts';
export * from './analysis-tables.ts';
export { BACKUP_FORMAT, backupDatabase, restoreDatabase, type BackupManifest } from './backup.ts';
export { copyDatabase, type CopyOptions, type TableCopy } from './copy.ts';
