/**
 * `fmea dfmea fmeca <projectNum> [--out <file.xlsx>]`: the project's FMECA
 * (docs/domain/fmeca.md): the criticality matrix as a table (severity class
 * rows I–IV, occurrence level columns A–E, the number of modes in each cell),
 * then Cr per item from the stored inputs; `--out` writes the FMECA workbook
 * (matrix, Cm/Cr table, class and level tables). JSON gives the API's answer.
 */
import type { Command } from 'commander';
import { OCCURRENCE_LEVELS, SEVERITY_CLASSES, type SeverityClass } from '@fmea/core/domain';
import { contextOf } from '../../context.ts';
import { assertExtension, writeOutputFile } from '../../shared/files.ts';

export function registerDfmeaFmeca(dfmea: Command): void {
  const { t } = contextOf(dfmea);
  dfmea
    .command('fmeca')
    .description(t('cli.dfmea.fmeca.description'))
    .argument('<projectNum>', t('cli.dfmea.arg_project_num'))
    .option('--out <file>', t('cli.dfmea.fmeca.option_out'))
    .action(async (projectNum: string, options: { out?: string }, command: Command) => {
      const context = contextOf(command);
      const { t: tr } = context;
      if (options.out) assertExtension(options.out, ['.xlsx']);
      const { fmecaWorkbookOf, getProjectBySerialNumber, readFmeca } = await import('@fmea/core/services');
      const ctx = await context.services();
      const project = await getProjectBySerialNumber(ctx, projectNum);
      const report = await readFmeca(ctx, project.id);
      const rows = SEVERITY_CLASSES.map((cls) => ({ cls, counts: OCCURRENCE_LEVELS.map((l) => report.matrix.cells[cls][l].length) }));
      await context.out.printTable<{ cls: SeverityClass; counts: number[] }>(
        rows,
        [{ header: tr('cli.dfmea.fmeca.field.class'), value: (r) => tr(`fmeca.class.${r.cls}`) }, ...OCCURRENCE_LEVELS.map((l, i) => ({ header: l, value: (r: { counts: number[] }) => String(r.counts[i] || '') }))],
        report,
      );
      const lines = report.items.map((i) => tr('cli.dfmea.fmeca.item', { item: i.itemName, cr: i.cr === null ? '–' : i.cr.toExponential(3) }));
      if (report.matrix.unplaced.length > 0) lines.push(tr('fmeca.matrix.unplaced', { count: report.matrix.unplaced.length }));
      if (options.out) {
        await writeOutputFile(options.out, await fmecaWorkbookOf(report, context.locale));
        lines.push(tr('cli.dfmea.fmeca.written', { path: options.out }));
      }
      if (lines.length > 0) await context.out.printMessage(lines.join('\n'));
    });
}
