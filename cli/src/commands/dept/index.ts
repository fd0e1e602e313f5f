import type { Command } from 'commander';
import { contextOf } from '../../context.ts';
import { registerDeptAdd } from './add.ts';
import { registerDeptList } from './list.ts';

/** `fmea dept …`: departments within a site. */
export function registerDept(program: Command): void {
  const { t } = contextOf(program);
  const dept = program.command('dept').description(t('cli.dept.description'));
  registerDeptAdd(dept);
  registerDeptList(dept);
}
