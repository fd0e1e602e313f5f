/**
 * `fmea log list [--user] [--action] [--entity] [--from] [--to] [--limit] [--out file.xlsx]`: the
 * operation log, newest first; times in local format, actions and record types named in the CLI's
 * language. JSON items keep the codes and ISO times and add the names. With --out every matching entry
 * goes to a workbook (core's exportOperations, as the API's export), written atomically.
 */
import type { Command } from 'commander';
import type { OperationLogEntry, OperationNames } from '@fmea/core/services';
import { contextOf } from '../../context.ts';
import { formatDateTime } from '../../ui/index.ts';
import { parseCount, parseTime } from '../../shared/options.ts';
import { assertExtension, writeOutputFile } from '../../shared/files.ts';

interface LogListOptions {
  readonly user?: string;
  readonly action?: string;
  readonly entity?: string;
  readonly from?: string;
  readonly to?: string;
  readonly limit: string;
  readonly out?: string;
}

export function registerLogList(log: Command): void {
  const { t } = contextOf(log);
  log
    .command('list')
    .description(t('cli.log.list.description'))
    .option('--user <userName>', t('cli.log.list.option_user'))
    .option('--action <prefix>', t('cli.log.list.option_action'))
    .option('--entity <type>', t('cli.log.list.option_entity'))
    .option('--from <day>', t('cli.log.list.option_from'))
    .option('--to <day>', t('cli.log.list.option_to'))
    .option('--limit <n>', t('cli.option.limit'), '20')
    .option('--out <file>', t('cli.log.list.option_out'))
    .action(async (options: LogListOptions, command: Command) => {
      const context = contextOf(command);
      const { t: tr } = context;
      const limit = parseCount(options.limit, '--limit');
      const filters = { userName: options.user, action: options.action, entity: options.entity, from: parseTime(options.from, '--from'), to: parseTime(options.to, '--to', true) };
      if (options.out !== undefined) assertExtension(options.out, ['.xlsx']);
      const { exportOperations, listOperations, nameOperation } = await import('@fmea/core/services');
      if (options.out !== undefined) {
        const services = await context.services();
        const counted = await listOperations(services, { ...filters, limit: 1 });
        await writeOutputFile(options.out, await exportOperations(services, filters, context.locale));
        await context.out.printMessage(tr('cli.log.export.done', { count: counted.total, path: options.out }), { path: options.out, count: counted.total });
        return;
      }
      const page = await listOperations(await context.services(), { ...filters, limit });
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
