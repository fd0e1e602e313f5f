/** `fmea user export <file.xlsx>`: every user in the import layout (no passwords), written atomically. */
import type { Command } from 'commander';
import { contextOf } from '../../context.ts';
import { assertExtension, writeOutputFile } from '../../shared/files.ts';

export function registerUserExport(user: Command): void {
  const { t } = contextOf(user);
  user
    .command('export')
    .description(t('cli.user.export.description'))
    .argument('<file>', t('cli.arg_xlsx_out'))
    .action(async (path: string, _options: object, command: Command) => {
      const context = contextOf(command);
      assertExtension(path, ['.xlsx']);
      const { exportUsers, listUsers } = await import('@fmea/core/services');
      const ctx = await context.services();
      const bytes = await exportUsers(ctx);
      const { total } = await listUsers(ctx, { limit: 1 });
      await writeOutputFile(path, bytes);
      await context.out.printMessage(context.t('cli.export.done', { count: total, path }), { path, count: total });
    });
}
