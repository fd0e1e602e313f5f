/**
 * `fmea db migrate`: migrates and seeds what is missing (idempotent); the
 * context prints the admin password once if this created the admin.
 */
import type { Command } from 'commander';
import { contextOf } from '../../context.ts';

export function registerDbMigrate(db: Command): void {
  const { t } = contextOf(db);
  db.command('migrate')
    .description(t('cli.db.migrate.description'))
    .action(async (_options: object, command: Command) => {
      const context = contextOf(command);
      const database = await context.database();
      const { addressWithoutSecrets } = await import('@fmea/core/db');
      // a server's address is named without its password (a terminal's scrollback, a CI log)
      const url = addressWithoutSecrets(database.url);
      await context.out.printMessage(context.t('cli.db.migrate.done', { url }), { url, ready: true });
    });
}
