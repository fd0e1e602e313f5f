/**
 * `fmea dfmea|pfmea check <projectNum>`: the checks before release
 * (docs/domain/fmea-checks.md) for CI. Prints the findings, earlier steps
 * first; exits 1 when an error is among them (what would refuse a submit or a
 * release), 0 with warnings only. `--json` gives `{ counts, findings }`, or
 * with errors the failure whose issues are the findings.
 */
import type { Command } from 'commander';
import { contextOf } from '../context.ts';
import { EXIT_SYSTEM, type CliFailure } from '../errors.ts';
import { UsageError } from '../errors.ts';
import type { FmeaCommandKind } from './fmea-commands.ts';
import { sameSide } from '@fmea/core/domain';

export function registerFmeaCheck(parent: Command, kind: FmeaCommandKind): void {
  const { t } = contextOf(parent);
  parent
    .command('check')
    .description(t('cli.check.description'))
    .argument('<projectNum>', t(kind.keys.argProjectNum))
    .action(async (projectNum: string, _options: unknown, command: Command) => {
      const context = contextOf(command);
      const ctx = await context.services();
      const [{ getProjectChecks }, { checkLabelKey, checkSeverityLabelKey, checkStepLabelKey }] = await Promise.all([import('@fmea/core/services'), import('@fmea/core/domain')]);
      const checks = await getProjectChecks(ctx, projectNum);
      if (!sameSide(checks.projectType, kind.projectType)) throw new UsageError('cli.review.type_mismatch', { serialNum: checks.serialNum, command: kind.projectType });
      const rows = checks.findings.map((f) => ({
        severity: context.t(checkSeverityLabelKey(f.severity)),
        step: context.t(checkStepLabelKey(f.step)),
        message: context.t(checkLabelKey(f.code), f.params),
        code: f.code,
        target: `${f.target.kind} ${f.target.id}`,
      }));
      const summary = context.t('cli.check.summary', { serialNum: checks.serialNum, errors: checks.counts.errors, warnings: checks.counts.warnings });
      if (checks.counts.errors > 0) {
        if (!context.json) await context.out.printTable(rows, columns(context.t));
        // exit 1: the report is incomplete; the JSON failure carries every finding as an issue
        throw {
          code: 'conflict',
          message: `${context.t('fmeaCheck.report_incomplete', { errors: checks.counts.errors })}\n${summary}`,
          issues: checks.findings.map((f, i) => ({ message: `${rows[i]!.severity}: ${rows[i]!.message}`, messageKey: checkLabelKey(f.code), field: `${f.target.kind}:${f.target.id}` })),
          exitCode: EXIT_SYSTEM,
        } satisfies CliFailure;
      }
      if (context.json) {
        await context.out.printTable(rows, columns(context.t), { serialNum: checks.serialNum, counts: checks.counts, findings: checks.findings.map((f, i) => ({ ...f, message: rows[i]!.message })) });
        return;
      }
      if (rows.length > 0) await context.out.printTable(rows, columns(context.t));
      await context.out.printMessage(summary);
    });
}

const columns = (t: (key: string) => string) => [
  { header: t('cli.check.column.severity'), value: 'severity' as const },
  { header: t('cli.check.column.step'), value: 'step' as const },
  { header: t('cli.check.column.message'), value: 'message' as const },
  { header: t('cli.check.column.code'), value: 'code' as const },
  { header: t('cli.check.column.target'), value: 'target' as const },
];
