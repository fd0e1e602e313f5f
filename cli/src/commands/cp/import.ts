/**
 * `fmea cp import <pfmeaNum> <file.xlsx> [--phase] [--mode cover|dedupe]
 * [--good-rows-only] [--accept-unmapped] [--max-mb <n>]`: a control plan
 * workbook (ours, a customer's or a legacy AIAG form) into the plan of a
 * phase. Rows matching a PFMEA step (process number) and characteristic
 * (name) are linked to it. A bad row → every row-numbered error, exit 2,
 * nothing written, unless --good-rows-only; columns or cells with no place →
 * listed, exit 2, unless --accept-unmapped.
 */
import { Option, type Command } from 'commander';
import type { Issue } from '@fmea/core/errors';
import type { ControlPlanPhase } from '@fmea/core/domain';
import { contextOf } from '../../context.ts';
import { translateIssueLine } from '../../i18n/index.ts';
import { readInputFile } from '../../shared/files.ts';
import { withGoodRowsHint } from '../../shared/good-rows.ts';
import { importLimitBytes } from '../../shared/options.ts';
import { progressCallback } from '../../shared/progress.ts';
import { withUnmappedHint } from '../../shared/unmapped.ts';
import { phaseOption } from './phase.ts';

interface CpImportOptions {
  readonly phase: ControlPlanPhase;
  readonly mode: 'cover' | 'dedupe';
  readonly goodRowsOnly?: boolean;
  readonly acceptUnmapped?: boolean;
  readonly maxMb?: string;
}

/** Core's refusal of bad rows, worded with the CLI's way to import the others. */
const GOOD_ROWS_HINTS = { 'controlPlan.import_invalid': 'cli.cp.import.rows_invalid' } as const;

export function registerCpImport(cp: Command): void {
  const { t } = contextOf(cp);
  cp.command('import')
    .description(t('cli.cp.import.description'))
    .argument('<pfmeaNum>', t('cli.cp.arg_pfmea_num'))
    .argument('<file>', t('cli.dfmea.arg_xlsx_in'))
    .addOption(phaseOption(t('cli.cp.option_phase')))
    .addOption(new Option('--mode <mode>', t('cli.cp.import.option_mode')).choices(['cover', 'dedupe']).default('dedupe'))
    .option('--good-rows-only', t('cli.cp.import.option_good_rows_only'))
    .option('--accept-unmapped', t('cli.import.option_accept_unmapped'))
    .option('--max-mb <n>', t('cli.dfmea.import.option_max_mb'))
    .action(async (pfmeaNum: string, path: string, options: CpImportOptions, command: Command) => {
      const context = contextOf(command);
      const { t: tr, out, locale } = context;
      const { assertWorkbookFile, getProjectBySerialNumber, importControlPlanWorkbook } = await import('@fmea/core/services');
      const limit = await importLimitBytes(options.maxMb, context.io.env);
      const file = await readInputFile(path, (name, size) => assertWorkbookFile(name, size, limit));
      const ctx = await context.services();
      const project = await getProjectBySerialNumber(ctx, pfmeaNum);
      const progress = progressCallback(out, tr('cli.progress.import'));
      const report = await withGoodRowsHint(GOOD_ROWS_HINTS, () =>
        withUnmappedHint(() =>
          importControlPlanWorkbook(ctx, project.id, file.bytes, {
            phase: options.phase,
            fileName: file.name,
            mode: options.mode,
            goodRowsOnly: options.goodRowsOnly === true,
            acceptUnmapped: options.acceptUnmapped === true,
            limit,
            onProgress: progress.onProgress,
          }),
        ),
      );
      await progress.done();
      const described = (issue: Issue) => ({ ...issue, message: translateIssueLine(locale, issue) });
      const errors = report.errors.map(described);
      const unmapped = report.unmapped.map(described);
      const { imported, linked, skipped, replaced } = report;
      const lines = [tr('cli.cp.import.summary', { serialNum: project.serialNum, phaseName: tr(`controlPlan.phase.${options.phase}`), imported, linked, skipped, replaced })];
      if (report.header.length > 0) lines.push(tr('cli.cp.import.header', { fields: report.header.map((f) => tr(`controlPlan.header.${f}`)).join(', ') }));
      if (unmapped.length > 0) lines.push(tr('cli.import.left_out'), ...unmapped.map((u) => `  ${u.message}`));
      if (errors.length > 0) lines.push(tr('cli.cp.import.not_imported'), ...errors.map((e) => `  ${e.message}`));
      await out.printLines(lines, { ...report, serialNum: project.serialNum, errors, unmapped });
    });
}
