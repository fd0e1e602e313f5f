/**
 * `fmea db backup <file> [--force]` and `fmea db restore <file> [--force]`: the embedded database and the
 * uploaded files (FILES_DIR) in one .tar.gz (core/src/db/backup.ts). A backup runs beside a serving
 * server; a restore wants it stopped, checks the whole archive before it changes anything and keeps what
 * it replaces beside it.
 */
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { contextOf } from '../../context.ts';
import { progressCallback } from '../../shared/progress.ts';

/** Where uploads live: FILES_DIR, else ./data/files (as `fmea serve`). */
const filesDirOf = (env: NodeJS.ProcessEnv) => resolve(env.FILES_DIR || './data/files');

const rowsOf = (tables: Record<string, number>) => Object.entries(tables).reduce((sum, [name, rows]) => (name.startsWith('__') ? sum : sum + rows), 0);

export function registerDbBackup(db: Command): void {
  const { t } = contextOf(db);
  db.command('backup')
    .description(t('cli.db.backup.description'))
    .argument('<file>', t('cli.db.backup.argument_file'))
    .option('--force', t('cli.db.backup.option_force'))
    .action(async (file: string, options: { force?: boolean }, command: Command) => {
      const context = contextOf(command);
      const database = await context.database();
      const { backupDatabase } = await import('@fmea/core/db');
      const progress = progressCallback(context.out, context.t('cli.progress.backup'));
      const out = resolve(file);
      const manifest = await backupDatabase(database, { filesDir: filesDirOf(context.io.env), out, force: options.force, onProgress: progress.onProgress });
      await progress.done();
      const rows = rowsOf(manifest.tables);
      await context.out.printMessage(context.t('cli.db.backup.done', { path: out, rows, files: manifest.files }), { path: out, ...manifest });
    });

  db.command('restore')
    .description(t('cli.db.restore.description'))
    .argument('<file>', t('cli.db.restore.argument_file'))
    .option('--force', t('cli.db.restore.option_force'))
    .action(async (file: string, options: { force?: boolean }, command: Command) => {
      const context = contextOf(command);
      const { DEFAULT_DATABASE_URL, addressWithoutSecrets, restoreDatabase } = await import('@fmea/core/db');
      const target = context.dbUrl ?? DEFAULT_DATABASE_URL;
      const url = addressWithoutSecrets(target);
      const filesDir = filesDirOf(context.io.env);
      const progress = progressCallback(context.out, context.t('cli.progress.restore'));
      const manifest = await restoreDatabase({ archive: resolve(file), url: target, filesDir, force: options.force, onProgress: progress.onProgress });
      await progress.done();
      // opened once: a backup of an older version is migrated now rather than at the next start
      await context.database();
      await context.out.printMessage(context.t('cli.db.restore.done', { url, filesDir, rows: rowsOf(manifest.tables), files: manifest.files, createdAt: manifest.createdAt }), {
        url,
        filesDir,
        ...manifest,
      });
    });
}
