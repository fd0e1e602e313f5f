import type { Command } from 'commander';
import { contextOf } from '../../context.ts';
import { registerRoleAdd } from './add.ts';
import { registerRoleDelete } from './delete.ts';
import { registerRoleGrant } from './grant.ts';
import { registerRoleList } from './list.ts';

/** `fmea role …`: roles and the routes (menus, buttons) they grant. */
export function registerRole(program: Command): void {
  const { t } = contextOf(program);
  const role = program.command('role').description(t('cli.role.description'));
  registerRoleAdd(role);
  registerRoleList(role);
  registerRoleGrant(role);
  registerRoleDelete(role);
}
