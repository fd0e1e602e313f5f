import type { Command } from 'commander';
import { contextOf } from '../../context.ts';
import { registerSiteAdd } from './add.ts';
import { registerSiteList } from './list.ts';

/** `fmea site …`: sites (plants, groups) users belong to. */
export function registerSite(program: Command): void {
  const { t } = contextOf(program);
  const site = program.command('site').description(t('cli.site.description'));
  registerSiteAdd(site);
  registerSiteList(site);
}
