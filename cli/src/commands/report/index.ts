/**
 * `fmea report <kind> [--project <num>] --out <file.xlsx|file.pdf> [--chromium <path>]`: a report of the report
 * area (docs/domain/reports.md) as its workbook, or printed to PDF through Chromium
 * (docs/decisions/report-printing.md). Without --out the report's figures print (JSON with --json).
 */
import type { Command } from 'commander';
import type { ReportWorkbookInput } from '@fmea/core/services';
import { projectReportSide, REPORT_KINDS, type ReportKind } from '@fmea/core/domain';
import { contextOf } from '../../context.ts';
import { UsageError } from '../../errors.ts';
import { assertExtension, writeOutputFile } from '../../shared/files.ts';
import { chromiumPath, printPdf } from '../../shared/pdf.ts';

interface ReportOptions {
  readonly project?: string;
  readonly out?: string;
  readonly chromium?: string;
}

async function gather(ctx: Parameters<typeof import('@fmea/core/services').countsReport>[0], kind: ReportKind, project: string | undefined): Promise<ReportWorkbookInput> {
  const services = await import('@fmea/core/services');
  const side = projectReportSide(kind);
  if (side && !project) throw new UsageError('cli.report.project_required', { kind });
  if (side === 'design') return { kind: side, report: await services.dfmeaReportOf(ctx, project!), trend: await services.apTrendOf(ctx, project!, side) };
  if (side === 'process') return { kind: side, report: await services.pfmeaReportOf(ctx, project!), trend: await services.apTrendOf(ctx, project!, side) };
  switch (kind) {
    case 'counts':
      return { kind, report: await services.countsReport(ctx) };
    case 'nodes':
      return { kind, report: await services.nodesReport(ctx) };
    case 'tasks':
      return { kind, report: await services.taskReport(ctx) };
    case 'ranking':
      return { kind, report: await services.scoreRanking(ctx, { limit: 500 }) };
    case 'form':
      if (!project) throw new UsageError('cli.report.project_required', { kind });
      return { kind, report: await services.fmeaFormOf(ctx, project) };
  }
  throw new UsageError('cli.report.bad_kind', { kind, kinds: REPORT_KINDS.join(', ') });
}

export function registerReport(program: Command): void {
  const { t } = contextOf(program);
  program
    .command('report')
    .description(t('cli.report.description'))
    .argument('<kind>', t('cli.report.arg_kind', { kinds: REPORT_KINDS.join(', ') }))
    .option('--project <num>', t('cli.report.option_project'))
    .option('--out <file>', t('cli.report.option_out'))
    .option('--chromium <path>', t('cli.report.option_chromium'))
    .action(async (kind: string, options: ReportOptions, command: Command) => {
      const context = contextOf(command);
      if (!(REPORT_KINDS as readonly string[]).includes(kind)) throw new UsageError('cli.report.bad_kind', { kind, kinds: REPORT_KINDS.join(', ') });
      const format = options.out ? assertExtension(options.out, ['.xlsx', '.pdf']) : null;
      // the Chromium is checked before the report is gathered, so a missing one costs nothing
      const browser = format === '.pdf' ? chromiumPath(options.chromium) : null;
      const { reportHtml, reportSections, reportWorkbook } = await import('@fmea/core/services');
      const ctx = await context.services();
      const input = await gather(ctx, kind as ReportKind, options.project);
      if (!options.out) {
        const { title, sections } = reportSections(input, context.locale);
        const lines = [title, ...sections.flatMap((s) => ['', `# ${s.title}`, s.headers.join('\t'), ...s.rows.map((r) => r.map((c) => c ?? '').join('\t'))])];
        await context.out.printLines(lines, input.report);
        return;
      }
      const bytes = format === '.pdf' ? await printPdf(reportHtml(input, context.locale), browser!) : await reportWorkbook(input, context.locale);
      await writeOutputFile(options.out, bytes);
      await context.out.printMessage(context.t('cli.report.done', { path: options.out }), { path: options.out, kind });
    });
}
