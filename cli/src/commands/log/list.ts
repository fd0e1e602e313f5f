/**
 * `fmea log list [--user] [--action] [--limit]`: the operation log, newest
 * first; times in local format, actions and record types named in the CLI's
 * language. JSON items keep the codes and ISO times and add the names.
 */
import type { Command } from 'commander';
import type { OperationLogEntry, OperationNames } from '@fmea/core/services';
import { contextOf } from '../../context.ts';
import { formatDateTime } from '../../ui/index.ts';
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
      const { listOperations, nameOperation } = await import('@fmea/core/services');
      const page = await listOperations(await context.services(), { userName: options.user, action: options.action, limit });
      const items = page.items.map((entry) => ({ ...entry, ...nameOperation(entry, context.locale) }));
      await context.out.printTable<OperationLogEntry & OperationNames>(
        items,
        [
          { header: tr('cli.log.field.at'), value: (e) => formatDateTime(e.at, context.locale, context.io.env) },
          { header: tr('cli.log.field.user'), value: 'userName' },
          { header: tr('cli.log.field.action'), value: 'actionLabel' },
          { header: tr('cli.log.field.entity'), value: 'entityLabel' },
          { header: tr('cli.log.field.entity_id'), value: 'entityId' },
        ],
        { ...page, items },
      );
    });
}
