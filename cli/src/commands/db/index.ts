import type { Command } from 'commander';
import { contextOf } from '../../context.ts';
import { registerDbBackup } from './backup.ts';
import { registerDbCopy } from './copy.ts';
import { registerDbMigrate } from './migrate.ts';
import { registerDbSeed } from './seed.ts';

/** `fmea db …`: schema migrations, seed data, backup and restore, copying an installation to another database. */
export function registerDb(program: Command): void {
  const { t } = contextOf(program);
  const db = program.command('db').description(t('cli.db.description'));
  registerDbMigrate(db);
  registerDbSeed(db);
  registerDbBackup(db);
  registerDbCopy(db);
}
