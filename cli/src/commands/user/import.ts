/**
 * `fmea user import <file.xlsx> [--mode cover|dedupe] [--partial]
 * [--accept-unmapped]`: a column with data under no known header → the
 * list, exit 2, nothing written, unless --accept-unmapped. Every row is
 * checked first; any bad row → every row-numbered error, exit 2, nothing
 * written, unless --partial (then the good rows are written and the bad ones
 * listed in the report).
 */
import { Option, type Command } from 'commander';
import { contextOf } from '../../context.ts';
import { translateIssueLine } from '../../i18n/index.ts';
import { readInputFile } from '../../shared/files.ts';
import { progressCallback } from '../../shared/progress.ts';
import { importLimitBytes } from '../../shared/options.ts';
import { withUnmappedHint } from '../../shared/unmapped.ts';

interface UserImportOptions {
  readonly mode: 'cover' | 'dedupe';
  readonly partial?: boolean;
  readonly acceptUnmapped?: boolean;
}

export function registerUserImport(user: Command): void {
  const { t } = contextOf(user);
  user
    .command('import')
    .description(t('cli.user.import.description'))
    .argument('<file>', t('cli.arg_xlsx_in'))
    .addOption(new Option('--mode <mode>', t('cli.user.import.option_mode')).choices(['cover', 'dedupe']).default('dedupe'))
    .option('--partial', t('cli.user.import.option_partial'))
    .option('--accept-unmapped', t('cli.import.option_accept_unmapped'))
    .action(async (path: string, options: UserImportOptions, command: Command) => {
      const context = contextOf(command);
      const { t: tr, out, locale } = context;
      const { assertSpreadsheet, importUsers } = await import('@fmea/core/services');
      // the same operator limit as the server's import routes (IMPORT_MAX_MB)
      const limit = await importLimitBytes(undefined, context.io.env);
      const file = await readInputFile(path, (name, size) => assertSpreadsheet(name, size, limit));
      const progress = progressCallback(out, tr('cli.progress.import'));
      const services = await context.services();
      const report = await withUnmappedHint(() =>
        importUsers(services, file.bytes, {
          mode: options.mode,
          partial: options.partial === true,
          acceptUnmapped: options.acceptUnmapped === true,
          limit,
          onProgress: progress.onProgress,
        }),
      );
      await progress.done();
      const errors = report.errors.map((issue) => ({ ...issue, message: translateIssueLine(locale, issue) }));
      const lines = [
        tr('cli.user.import.summary', {
          created: report.created.length,
          updated: report.updated.length,
          skipped: report.skipped.length,
          failed: errors.length,
        }),
      ];
      const generated = report.created.filter((c) => c.generatedPassword !== undefined);
      if (generated.length > 0) {
        lines.push(tr('cli.user.import.passwords'));
        for (const c of generated) lines.push(`  ${c.userName}\t${c.generatedPassword}`);
      }
      if (errors.length > 0) {
        lines.push(tr('cli.user.import.not_imported'));
        for (const e of errors) lines.push(`  ${e.message}`);
      }
      const unmapped = report.unmapped.map((issue) => ({ ...issue, message: translateIssueLine(locale, issue) }));
      if (unmapped.length > 0) {
        lines.push(tr('cli.import.left_out'));
        for (const u of unmapped) lines.push(`  ${u.message}`);
      }
      await out.printLines(lines, { ...report, errors, unmapped });
    });
}
