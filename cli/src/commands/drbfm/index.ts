/**
 * `fmea drbfm` (issue 25, docs/domain/drbfm.md): the DRBFM projects (`list`, as the FMEA lists: number, name,
 * responsible person, review status, last change) and one's DRBFM sheet as a workbook (`export <drbfmNum>
 * --out <file>`, the columns of the workbench's export, headers in the CLI's language).
 */
import type { Command } from 'commander';
import { contextOf } from '../../context.ts';
import { formatDateTime } from '../../ui/index.ts';
import { parseCount } from '../../shared/options.ts';
import { assertExtension, writeOutputFile } from '../../shared/files.ts';

export function registerDrbfm(program: Command): void {
  const { t } = contextOf(program);
  const drbfm = program.command('drbfm').description(t('cli.drbfm.description'));
  drbfm
    .command('list')
    .description(t('cli.drbfm.list.description'))
    .option('--search <text>', t('cli.dfmea.list.option_search'))
    .option('--page <n>', t('cli.option.page'), '1')
    .option('--limit <n>', t('cli.option.limit'), '20')
    .action(async (options: { search?: string; page: string; limit: string }, command: Command) => {
      const context = contextOf(command);
      const { t: tr } = context;
      const page = parseCount(options.page, '--page');
      const limit = parseCount(options.limit, '--limit');
      const { listProjects, DRBFM_PROJECT_TYPE } = await import('@fmea/core/services');
      const ctx = await context.services();
      const result = await listProjects(ctx, { tab: 'all', projectTypes: [DRBFM_PROJECT_TYPE], search: options.search, page, limit });
      await context.out.printTable(
        result.items,
        [
          { header: tr('cli.dfmea.field.serial_num'), value: 'serialNum' },
          { header: tr('cli.dfmea.field.name'), value: 'name' },
          { header: tr('cli.dfmea.field.responsible'), value: 'responsibleName' },
          { header: tr('cli.dfmea.field.updated_at'), value: (p) => formatDateTime(p.updatedAt, context.locale, context.io.env) },
        ],
        result,
      );
      const pages = Math.max(1, Math.ceil(result.total / result.limit));
      await context.out.printMessage(tr('cli.list.footer', { total: result.total, page: result.page, pages }));
    });

  drbfm
    .command('export')
    .description(t('cli.drbfm.export.description'))
    .argument('<drbfmNum>', t('cli.drbfm.arg_drbfm_num'))
    .option('--out <file>', t('cli.arg_xlsx_out'))
    .action(async (drbfmNum: string, options: { out?: string }, command: Command) => {
      const context = contextOf(command);
      const { exportDrbfmWorkbook, getProjectBySerialNumber } = await import('@fmea/core/services');
      const ctx = await context.services();
      const project = await getProjectBySerialNumber(ctx, drbfmNum);
      const out = await exportDrbfmWorkbook(ctx, project.id, context.locale);
      const target = options.out ?? out.fileName;
      assertExtension(target, ['.xlsx']);
      await writeOutputFile(target, out.data);
      await context.out.printMessage(context.t('cli.drbfm.export.done', { serialNum: project.serialNum, rows: out.rows, path: target }), { drbfmNum: project.serialNum, path: target, concerns: out.rows });
    });
}
