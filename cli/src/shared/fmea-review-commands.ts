/**
 * `fmea dfmea|pfmea submit|release`: the review path's two steps a CI job or
 * an administrator drives (issue 14). The steps act as a named user (`--as`):
 * the review rules (who submits, who releases) are the service's, so the CLI
 * operator gets no shortcut around them.
 */
import type { Command } from 'commander';
import { contextOf, type CliContext } from '../context.ts';
import { UsageError } from '../errors.ts';
import type { FmeaCommandKind } from './fmea-commands.ts';
import { sameSide } from '@fmea/core/domain';

const ROLES = [
  ['professional', 'professional'],
  ['quality', 'quality'],
  ['director', 'technical'],
  ['countersigner', 'countersign'],
] as const;

type SubmitOptions = { as: string; acknowledgeWarnings?: boolean } & Partial<Record<(typeof ROLES)[number][0], string>>;

async function actAs(context: CliContext, userName: string) {
  const ctx = await context.services();
  const { createContext, findUserRow } = await import('@fmea/core/services');
  const user = await findUserRow(ctx.db, userName);
  return createContext(ctx.db, { userId: user.id, userName: user.userName }, ctx.now);
}

/** The project of the number, refused when it is of the other side (a PFMEA through `fmea dfmea`, or back). */
async function projectOf(ctx: Awaited<ReturnType<typeof actAs>>, projectNum: string, kind: FmeaCommandKind) {
  const { getProjectBySerialNumber } = await import('@fmea/core/services');
  const project = await getProjectBySerialNumber(ctx, projectNum);
  if (!sameSide(project.projectType, kind.projectType)) {
    throw new UsageError('cli.review.type_mismatch', { serialNum: project.serialNum, command: kind.projectType });
  }
  return project;
}

async function report(context: CliContext, serialNum: string, review: { status: string; round: number }): Promise<void> {
  const status = context.t(`cli.review.status.${review.status}`);
  await context.out.printMessage(context.t('cli.review.done', { serialNum, status, round: review.round }), { serialNum, status: review.status, round: review.round });
}

export function registerFmeaReview(parent: Command, kind: FmeaCommandKind): void {
  const { t } = contextOf(parent);
  const submit = parent
    .command('submit')
    .description(t('cli.review.submit.description'))
    .argument('<projectNum>', t(kind.keys.argProjectNum))
    .requiredOption('--as <userName>', t('cli.review.option_as_owner'));
  for (const [option] of ROLES) submit.option(`--${option} <userName>`, t(`cli.review.option_${option}`));
  submit.option('--acknowledge-warnings', t('cli.review.option_acknowledge_warnings'));
  submit.action(async (projectNum: string, options: SubmitOptions, command: Command) => {
    const context = contextOf(command);
    const ctx = await actAs(context, options.as);
    const { findUserRow, submitReview } = await import('@fmea/core/services');
    const project = await projectOf(ctx, projectNum, kind);
    const assignees: Record<string, string | null> = {};
    for (const [option, role] of ROLES) assignees[role] = options[option] ? (await findUserRow(ctx.db, options[option]!)).id : null;
    const { review } = await submitReview(ctx, project.id, assignees, { acknowledgeWarnings: options.acknowledgeWarnings === true });
    await report(context, project.serialNum, review);
  });
  parent
    .command('release')
    .description(t('cli.review.release.description'))
    .argument('<projectNum>', t(kind.keys.argProjectNum))
    .requiredOption('--as <userName>', t('cli.review.option_as_releaser'))
    .option('--acknowledge-warnings', t('cli.review.option_acknowledge_warnings'))
    .action(async (projectNum: string, options: { as: string; acknowledgeWarnings?: boolean }, command: Command) => {
      const context = contextOf(command);
      const ctx = await actAs(context, options.as);
      const { releaseReview } = await import('@fmea/core/services');
      const project = await projectOf(ctx, projectNum, kind);
      const { review } = await releaseReview(ctx, project.id, { acknowledgeWarnings: options.acknowledgeWarnings === true });
      await report(context, project.serialNum, review);
    });
}
