/**
 * `fmea bom import <product> <file> [--mode cover|dedupe] [--good-rows-only]
 * [--accept-unmapped] [--as]`: core's BOM import for a product named by its
 * number (or id). A bad row → every row-numbered error, exit 2, nothing
 * written, unless --good-rows-only; columns no field takes → listed, exit 2,
 * unless --accept-unmapped. The file may be 3 MB (spec 001 §5).
 */
import { Option, type Command } from 'commander';
import type { Issue } from '@fmea/core/errors';
import type { BomImportMode } from '@fmea/core/services';
import { contextOf } from '../../context.ts';
import { translateIssueLine } from '../../i18n/index.ts';
import { readInputFile } from '../../shared/files.ts';
import { withGoodRowsHint } from '../../shared/good-rows.ts';
import { withUnmappedHint } from '../../shared/unmapped.ts';
import { actingContext, addAsOption } from '../kb/shared.ts';

interface BomImportOptions {
  readonly mode: BomImportMode;
  readonly goodRowsOnly?: boolean;
  readonly acceptUnmapped?: boolean;
  readonly as?: string;
}

/** Core's refusal of bad rows, worded with the CLI's way to import the others. */
const GOOD_ROWS_HINTS = { 'bom.import_invalid': 'cli.bom.import.rows_invalid' } as const;

export function registerBomImport(bom: Command): void {
  const { t } = contextOf(bom);
  const command = bom
    .command('import')
    .description(t('cli.bom.import.description'))
    .argument('<product>', t('cli.bom.arg_product'))
    .argument('<file>', t('cli.arg_xlsx_in'))
    .addOption(new Option('--mode <mode>', t('cli.bom.import.option_mode')).choices(['cover', 'dedupe']).default('dedupe'))
    .option('--good-rows-only', t('cli.bom.import.option_good_rows_only'))
    .option('--accept-unmapped', t('cli.import.option_accept_unmapped'));
  addAsOption(command).action(async (product: string, path: string, options: BomImportOptions, cmd: Command) => {
    const context = contextOf(cmd);
    const { assertSpreadsheet, FILE_LIMITS, importBom } = await import('@fmea/core/services');
    const limit = FILE_LIMITS.bom.maxBytes;
    const file = await readInputFile(path, (name, size) => assertSpreadsheet(name, size, limit));
    const ctx = await actingContext(context, options.as);
    const report = await withGoodRowsHint(GOOD_ROWS_HINTS, () =>
      withUnmappedHint(() => importBom(ctx, product, file.bytes, { fileName: file.name, mode: options.mode, goodRowsOnly: options.goodRowsOnly === true, acceptUnmapped: options.acceptUnmapped === true, limit })),
    );
    const described = (issue: Issue) => ({ ...issue, message: translateIssueLine(context.locale, issue) });
    const errors = report.errors.map(described);
    const unmapped = report.unmapped.map(described);
    const { bomNum, imported, skipped, replaced } = report;
    const lines = [context.t('cli.bom.import.summary', { bomNum, imported, skipped, replaced })];
    if (unmapped.length > 0) lines.push(context.t('cli.import.left_out'), ...unmapped.map((u) => `  ${u.message}`));
    if (errors.length > 0) lines.push(context.t('cli.bom.import.not_imported'), ...errors.map((e) => `  ${e.message}`));
    await context.out.printLines(lines, { bomId: report.bomId, bomNum, layout: report.layout, rows: report.rows, imported, skipped, replaced, errors, unmapped });
  });
}
