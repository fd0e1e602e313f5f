/**
 * `fmea kb import <type> <file> [--mode cover|dedupe] [--good-rows-only]
 * [--accept-unmapped] [--as]`: core's catalog import. A column with data no
 * field takes → the list, exit 2, nothing written, unless --accept-unmapped
 * (then listed as left out). Any bad row → every row-numbered error, exit 2,
 * nothing written, unless --good-rows-only (then the others are written and
 * the bad ones listed). Both at once → one refusal listing both, naming both
 * options. The file may be IMPORT_MAX_MB large (default 1 MB),
 * as on the server.
 */
import { Option, type Command } from 'commander';
import type { Issue } from '@fmea/core/errors';
import type { CatalogImportMode } from '@fmea/core/services';
import { contextOf } from '../../context.ts';
import { translateIssueLine } from '../../i18n/index.ts';
import { readInputFile } from '../../shared/files.ts';
import { withGoodRowsHint } from '../../shared/good-rows.ts';
import { importLimitBytes } from '../../shared/options.ts';
import { progressCallback } from '../../shared/progress.ts';
import { withUnmappedHint } from '../../shared/unmapped.ts';
import { actingContext, addAsOption, typedAction, typedCommand, type KbScope } from './shared.ts';

interface KbImportOptions {
  readonly mode: CatalogImportMode;
  readonly goodRowsOnly?: boolean;
  readonly acceptUnmapped?: boolean;
  readonly as?: string;
}

/** Core's refusals of bad rows (with unmapped columns or without), worded with the CLI's way to import the others. */
const GOOD_ROWS_HINTS = { 'catalog.import_invalid': 'cli.kb.import.rows_invalid', 'catalog.import_refused': 'cli.kb.import.refused' } as const;

export function registerKbImport(parent: Command, scope: KbScope): void {
  const { t } = contextOf(parent);
  const command = typedCommand(parent, 'import', scope)
    .argument('<file>', t('cli.arg_xlsx_in'))
    .addOption(new Option('--mode <mode>', t('cli.kb.import.option_mode')).choices(['cover', 'dedupe']).default('dedupe'))
    .option('--good-rows-only', t('cli.kb.import.option_good_rows_only'))
    .option('--accept-unmapped', t('cli.import.option_accept_unmapped'));
  addAsOption(command).action(
    typedAction<KbImportOptions>(scope, async ({ context, type, args, options }) => {
      const { t: tr, out, locale } = context;
      const { assertSpreadsheet, importCatalogRecords } = await import('@fmea/core/services');
      const limit = await importLimitBytes(undefined, context.io.env);
      const file = await readInputFile(args[0]!, (name, size) => assertSpreadsheet(name, size, limit));
      const ctx = await actingContext(context, options.as);
      const progress = progressCallback(out, tr('cli.progress.import'));
      const report = await withGoodRowsHint(GOOD_ROWS_HINTS, () =>
        withUnmappedHint(() =>
          importCatalogRecords(ctx, type.id, file.bytes, {
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
      const errors = report.rowErrors.map(described);
      const unmapped = report.unmappedColumns.map(described);
      const { created, updated, versioned, skipped } = report;
      const lines = [tr('cli.kb.import.summary', { title: type.title[locale], created, updated, versioned, skipped })];
      if (unmapped.length > 0) lines.push(tr('cli.import.left_out'), ...unmapped.map((u) => `  ${u.message}`));
      if (errors.length > 0) lines.push(tr('cli.kb.import.not_imported'), ...errors.map((e) => `  ${e.message}`));
      await out.printLines(lines, { type: type.id, created, updated, versioned, skipped, errors, unmapped });
    }),
  );
}
