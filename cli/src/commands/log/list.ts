/** `fmea log list [--user] [--action] [--limit]`: the operation log, newest first. */
import type { Command } from 'commander';
import { contextOf } from '../../context.ts';
import { parseCount } from '../../shared/options.ts';

interface LogListOptions {
  readonly user?: string;
  readonly action?: string;
  readonly limit: string;
}

export function registerLogList(log: Command): void {
  const { t } = contextOf(log);
  log
    .command('list')
    .description(t('cli.log.list.description'))
    .option('--user <userName>', t('cli.log.list.option_user'))
    .option('--action <prefix>', t('cli.log.list.option_action'))
    .option('--limit <n>', t('cli.option.limit'), '20')
    .action(async (options: LogListOptions, command: Command) => {
      const context = contextOf(command);
      const { t: tr } = context;
      const limit = parseCount(options.limit, '--limit');
      const { listOperations } = await import('@fmea/core/services');
      const page = await listOperations(await context.services(), { userName: options.user, action: options.action, limit });
      await context.out.printTable(
        page.items,
        [
          { header: tr('cli.log.field.at'), value: 'at' },
          { header: tr('cli.log.field.user'), value: 'userName' },
          { header: tr('cli.log.field.action'), value: 'action' },
          { header: tr('cli.log.field.entity'), value: 'entity' },
          { header: tr('cli.log.field.entity_id'), value: 'entityId' },
        ],
        page,
      );
    });
}
