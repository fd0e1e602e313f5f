import type { Command } from 'commander';
import { contextOf } from '../../context.ts';
import { registerDashboardList } from './list.ts';
import { registerDashboardSet } from './set.ts';

/** `fmea dashboard …`: the home page's workbench indicators, which are shown and in what order (docs/domain/dashboard.md), as `fmea rules` scripts the rule flags. */
export function registerDashboard(program: Command): void {
  const { t } = contextOf(program);
  const dashboard = program.command('dashboard').description(t('cli.dashboard.description'));
  registerDashboardList(dashboard);
  registerDashboardSet(dashboard);
}
