import type { Command } from 'commander';
import { contextOf } from '../../context.ts';
import { registerMenuList } from './list.ts';
import { registerMenuSet } from './set.ts';

/** `fmea menu …`: the menu tree and the administrator's overrides of it (docs/domain/administration.md "Menus and resources"). */
export function registerMenu(program: Command): void {
  const { t } = contextOf(program);
  const menu = program.command('menu').description(t('cli.menu.description'));
  registerMenuList(menu);
  registerMenuSet(menu);
}
