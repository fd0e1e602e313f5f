/** `fmea user list [--search] [--site] [--page] [--limit]`: one page of users; JSON gives the page object. */
import type { Command } from 'commander';
import { contextOf } from '../../context.ts';
import { parseCount } from '../../shared/options.ts';
import { userColumns } from './present.ts';

interface UserListOptions {
  readonly search?: string;
  readonly site?: string;
  readonly page?: string;
  readonly limit?: string;
}

export function registerUserList(user: Command): void {
  const { t } = contextOf(user);
  user
    .command('list')
    .description(t('cli.user.list.description'))
    .option('--search <text>', t('cli.user.list.option_search'))
    .option('--site <site>', t('cli.user.list.option_site'))
    .option('--page <n>', t('cli.option.page'), '1')
    .option('--limit <n>', t('cli.option.limit'), '20')
    .action(async (options: UserListOptions, command: Command) => {
      const context = contextOf(command);
      const page = parseCount(options.page, '--page');
      const limit = parseCount(options.limit, '--limit');
      const { listUsers } = await import('@fmea/core/services');
      const result = await listUsers(await context.services(), { search: options.search, site: options.site, page, limit });
      await context.out.printTable(result.items, userColumns(context.t, context.locale), result);
      const pages = Math.max(1, Math.ceil(result.total / result.limit));
      await context.out.printMessage(context.t('cli.list.footer', { total: result.total, page: result.page, pages }));
    });
}
