import type { Command } from 'commander';
import { contextOf } from '../../context.ts';
import { registerWorkflowList } from './list.ts';
import { registerWorkflowSet } from './set.ts';

/** `fmea workflow …`: the review requirements per FMEA type and catalog type (docs/domain/workflow-settings.md). */
export function registerWorkflow(program: Command): void {
  const { t } = contextOf(program);
  const workflow = program.command('workflow').description(t('cli.workflow.description'));
  registerWorkflowList(workflow);
  registerWorkflowSet(workflow);
}
