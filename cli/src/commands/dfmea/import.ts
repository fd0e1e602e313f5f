/**
 * `fmea dfmea import <file.xlsx> [--project <num>] [--mode cover|dedupe]
 * [--partial] [--legacy] [--accept-unmapped] [--owner <userName>] [--max-mb <n>]`:
 * the workbook's chain sheet or a legacy AIAG 4th-edition sheet (recognised
 * by its headers; --legacy when it is not) through the engine's bulk import.
 * Without --project a new DFMEA project is created (DF number), named from
 * the workbook's header, owned by --owner. A column, header cell or sheet
 * with data the import has no place for → the list, exit 2, nothing
 * written, unless --accept-unmapped. Any bad row → every row-numbered
 * error, exit 2, nothing written, unless --partial. The summary counts what
 * was created by kind. The file may be at most --max-mb megabytes (default
 * IMPORT_MAX_MB, else 1; whole numbers 1..100).
 */
import { Option, type Command } from 'commander';
import type { Issue } from '@fmea/core/errors';
import { contextOf } from '../../context.ts';
import { translateIssueLine } from '../../i18n/index.ts';
import { readInputFile } from '../../shared/files.ts';
import { importLimitBytes } from '../../shared/options.ts';
import { progressCallback } from '../../shared/progress.ts';
import { withUnmappedHint } from '../../shared/unmapped.ts';

interface DfmeaImportOptions {
  readonly project?: string;
  readonly mode: 'cover' | 'dedupe';
  readonly partial?: boolean;
  readonly legacy?: boolean;
  readonly acceptUnmapped?: boolean;
  readonly owner: string;
  readonly maxMb?: string;
}

export function registerDfmeaImport(dfmea: Command): void {
  const { t } = contextOf(dfmea);
  dfmea
    .command('import')
    .description(t('cli.dfmea.import.description'))
    .argument('<file>', t('cli.dfmea.arg_xlsx_in'))
    .option('--project <num>', t('cli.dfmea.import.option_project'))
    .addOption(new Option('--mode <mode>', t('cli.dfmea.import.option_mode')).choices(['cover', 'dedupe']).default('dedupe'))
    .option('--partial', t('cli.dfmea.import.option_partial'))
    .option('--legacy', t('cli.dfmea.import.option_legacy'))
    .option('--accept-unmapped', t('cli.import.option_accept_unmapped'))
    .option('--owner <userName>', t('cli.dfmea.import.option_owner'), 'admin')
    .option('--max-mb <n>', t('cli.dfmea.import.option_max_mb'))
    .action(async (path: string, options: DfmeaImportOptions, command: Command) => {
      const context = contextOf(command);
      const { t: tr, out, locale } = context;
      const { assertWorkbookFile, findUserRow, getProjectBySerialNumber, importDfmeaWorkbook } = await import('@fmea/core/services');
      const limit = await importLimitBytes(options.maxMb, context.io.env);
      const file = await readInputFile(path, (name, size) => assertWorkbookFile(name, size, limit));
      const ctx = await context.services();
      const target = options.project === undefined ? undefined : await getProjectBySerialNumber(ctx, options.project);
      const owner = target ? undefined : await findUserRow(ctx.db, options.owner);
      const progress = progressCallback(out, tr('cli.progress.import'));
      const report = await withUnmappedHint(() =>
        importDfmeaWorkbook(ctx, file.bytes, {
          fileName: file.name,
          projectId: target?.id,
          newProject: owner ? { members: [{ userId: owner.id, roles: [0] }] } : undefined,
          mode: options.mode,
          partial: options.partial === true,
          legacy: options.legacy === true,
          acceptUnmapped: options.acceptUnmapped === true,
          limit,
          onProgress: progress.onProgress,
        }),
      );
      await progress.done();
      const described = (issue: Issue) => ({ ...issue, message: translateIssueLine(locale, issue) });
      const errors = report.errors.map(described);
      const unmapped = report.unmapped.map(described);
      const lines = [tr('cli.dfmea.import.summary', { imported: report.imported, rows: report.rows, serialNum: report.serialNum }), tr('cli.dfmea.import.created', { ...report.created })];
      if (report.unknownNames.length > 0) lines.push(tr('cli.dfmea.import.unknown_names', { names: report.unknownNames.join(', ') }));
      if (unmapped.length > 0) {
        lines.push(tr('cli.import.left_out'));
        for (const u of unmapped) lines.push(`  ${u.message}`);
      }
      if (errors.length > 0) {
        lines.push(tr('cli.dfmea.import.not_imported'));
        for (const e of errors) lines.push(`  ${e.message}`);
      }
      await out.printLines(lines, { ...report, errors, unmapped });
    });
}
