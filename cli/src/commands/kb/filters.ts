/** The list filter `kb list` and `kb export` share: the catalog list query of core, from the command line. */
import type { Command } from 'commander';
import type { CatalogListQuery } from '@fmea/core/services';
import { contextOf } from '../../context.ts';
import { parseCount, parseList } from '../../shared/options.ts';

export interface KbFilterOptions {
  readonly search?: string;
  readonly status?: string;
  readonly productType?: string;
  readonly allVersions?: boolean;
  readonly page?: string;
  readonly limit?: string;
}

/** --search, --status, --product-type, --all-versions, --page, --limit. */
export function addFilterOptions(command: Command, defaultLimit: string): Command {
  const { t } = contextOf(command);
  return command
    .option('--search <text>', t('cli.kb.option_search'))
    .option('--status <codes>', t('cli.kb.option_status'))
    .option('--product-type <codes>', t('cli.kb.option_product_type'))
    .option('--all-versions', t('cli.kb.option_all_versions'))
    .option('--page <n>', t('cli.option.page'), '1')
    .option('--limit <n>', t('cli.option.limit'), defaultLimit);
}

/** The options as core's list query; core checks the status codes and the caller's product types. */
export function listQuery(options: KbFilterOptions): CatalogListQuery {
  const status = parseList(options.status);
  const productTypes = parseList(options.productType);
  return {
    search: options.search,
    ...(status.length > 0 && { status }),
    ...(productTypes.length > 0 && { productTypes }),
    allVersions: options.allVersions === true,
    page: parseCount(options.page, '--page'),
    limit: parseCount(options.limit, '--limit'),
  };
}
