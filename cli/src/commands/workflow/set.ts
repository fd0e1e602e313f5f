/**
 * `fmea workflow set <type> [--countersign on|off] [--release rule|one|all] [--members-only on|off] [--same-site on|off]
 * [--reviewer-ranks 0,1,2,3|-] [--approver-ranks …] [--audit on|off]`: one FMEA type's or catalog type's review
 * requirements; what is not given stays. An unknown type or value exits 2 and changes nothing.
 */
import type { Command } from 'commander';
import { InvalidInputError } from '@fmea/core/errors';
import { contextOf } from '../../context.ts';

interface SetOptions {
  countersign?: string;
  release?: string;
  membersOnly?: string;
  sameSite?: string;
  reviewerRanks?: string;
  approverRanks?: string;
  audit?: string;
}

export function registerWorkflowSet(workflow: Command): void {
  const { t } = contextOf(workflow);
  workflow
    .command('set')
    .description(t('cli.workflow.set.description'))
    .argument('<type>', t('cli.workflow.set.arg_type'))
    .option('--countersign <on|off>', t('cli.workflow.set.option_countersign'))
    .option('--release <rule|one|all>', t('cli.workflow.set.option_release'))
    .option('--members-only <on|off>', t('cli.workflow.set.option_members_only'))
    .option('--same-site <on|off>', t('cli.workflow.set.option_same_site'))
    .option('--reviewer-ranks <list>', t('cli.workflow.set.option_reviewer_ranks'))
    .option('--approver-ranks <list>', t('cli.workflow.set.option_approver_ranks'))
    .option('--audit <on|off>', t('cli.workflow.set.option_audit'))
    .action(async (type: string, options: SetOptions, command: Command) => {
      const context = contextOf(command);
      const { saveWorkflowSettings } = await import('@fmea/core/services');
      const { FMEA_WORKFLOW_KINDS } = await import('@fmea/core/domain');
      const onOff = (option: string, value: string | undefined): boolean | undefined => {
        if (value === undefined) return undefined;
        if (value === 'on') return true;
        if (value === 'off') return false;
        throw new InvalidInputError('workflow.switch_invalid', { option, value });
      };
      const ranks = (value: string | undefined) => (value === undefined ? undefined : value === '-' || value === '' ? [] : value.split(',').map((r) => r.trim()));
      const ctx = await context.services();
      const defined = <T extends object>(o: T) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));
      const input = FMEA_WORKFLOW_KINDS.includes(type)
        ? {
            fmea: [
              {
                kind: type,
                ...defined({ countersign: onOff('--countersign', options.countersign), release: options.release }),
                nominees: defined({
                  membersOnly: onOff('--members-only', options.membersOnly),
                  sameSite: onOff('--same-site', options.sameSite),
                  reviewerRoleTypes: ranks(options.reviewerRanks),
                  approverRoleTypes: ranks(options.approverRanks),
                }),
              },
            ],
          }
        : { catalog: [{ type, ...defined({ audit: onOff('--audit', options.audit) }) }] };
      await saveWorkflowSettings(ctx, input as never);
      await context.out.printMessage(context.t('cli.workflow.set.done', { type }), { type });
    });
}
