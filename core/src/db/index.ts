export * from './client.ts';
export { DIALECT, dialectOf, type Dialect } from './dialect.ts';
export * as schema from './schema/index.ts';
export * from './analysis-tables.ts';
export { BACKUP_FORMAT, backupDatabase, restoreDatabase, type BackupManifest } from './backup.ts';
export { copyDatabase, type CopyOptions, type TableCopy } from './copy.ts';
export { openNotifyChannel, NOTIFY_PAYLOAD_BYTES, type NotifyChannel } from './postgres/channel.ts';
export { jsonRows, textOrderAsEmbedded } from './portable.ts';
