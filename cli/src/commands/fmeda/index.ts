/**
 * `fmea fmeda` (issue 23): an FMEDA's hardware metrics, ISO 26262-5's (SPFM, LFM, PMHF and the ASIL
 * verdicts) and IEC 61508-2's (SFF, DC, PFH and its SIL band, the maximum SIL by Route 1H), ratios as
 * fractions in --json, of a stored FMEDA (its FM number) or a worksheet file; `import` makes a new FMEDA
 * project of a worksheet, `export` writes one's worksheet and metrics. A wrong row is named by row and
 * column; nothing is computed or written from a file with one.
 */
import type { Command } from 'commander';
import type { FmedaMetrics } from '@fmea/core/domain';
import { contextOf, type CliContext } from '../../context.ts';
import { assertExtension, readInputFile, writeOutputFile } from '../../shared/files.ts';
import { importLimitBytes } from '../../shared/options.ts';
import { progressCallback } from '../../shared/progress.ts';
import { withUnmappedHint } from '../../shared/unmapped.ts';

/** A worksheet file rather than an FMEDA number: it names an xlsx. */
const isFile = (value: string) => /\.xlsx?$/i.test(value);

async function printMetrics(context: CliContext, metrics: FmedaMetrics, extra: Record<string, unknown>): Promise<void> {
  const { t: tr, out } = context;
  const pct = (value: number | null) => (value === null ? '–' : `${(value * 100).toFixed(2)} %`);
  const yes = (ok: boolean) => (ok ? '✓' : '✗');
  await out.printMessage(
    [
      tr('cli.fmeda.metrics.iso', { spfm: pct(metrics.spfm), lfm: pct(metrics.lfm), pmhf: metrics.pmhfFit.toPrecision(4) }),
      ...(['B', 'C', 'D'] as const).map((asil) => tr('cli.fmeda.metrics.asil', { asil, spfm: yes(metrics.asil[asil].spfm), lfm: yes(metrics.asil[asil].lfm), pmhf: yes(metrics.asil[asil].pmhf) })),
      tr('cli.fmeda.metrics.iec', { sff: pct(metrics.sff), dc: pct(metrics.dc), pfh: metrics.pfhPerHour.toExponential(3), band: metrics.pfhSilBand }),
      tr('cli.fmeda.metrics.max_sil', { a: Object.values(metrics.maxSil.typeA).join(' / '), b: Object.values(metrics.maxSil.typeB).join(' / ') }),
    ].join('\n'),
    { ...extra, ...metrics },
  );
}

export function registerFmeda(program: Command): void {
  const { t } = contextOf(program);
  const fmeda = program.command('fmeda').description(t('cli.fmeda.description'));
  fmeda
    .command('metrics')
    .description(t('cli.fmeda.metrics.description'))
    .argument('<fmedaNum|file.xlsx>', t('cli.fmeda.metrics.argument_file'))
    .option('--baseline <label>', t('cli.fmeda.metrics.option_baseline'))
    .option('--accept-unmapped', t('cli.import.option_accept_unmapped'))
    .option('--max-mb <n>', t('cli.dfmea.import.option_max_mb'))
    .action(async (source: string, options: { baseline?: string; acceptUnmapped?: boolean; maxMb?: string }, command: Command) => {
      const context = contextOf(command);
      const services = await import('@fmea/core/services');
      if (!isFile(source)) {
        const ctx = await context.services();
        const project = await services.getProjectBySerialNumber(ctx, source);
        if (options.baseline) {
          // the figures the release froze, as stored
          const frozen = await services.getFmedaBaseline(ctx, project.id, options.baseline);
          await printMetrics(context, frozen.metrics, { fmedaNum: project.serialNum, baseline: frozen.label, rows: frozen.rows.length });
          return;
        }
        const view = await services.getFmeda(ctx, project.id);
        await printMetrics(context, view.metrics, { fmedaNum: view.serialNum, rows: view.rows.length });
        return;
      }
      const limit = await importLimitBytes(options.maxMb, context.io.env);
      const file = await readInputFile(source, (name, size) => services.assertSpreadsheet(name, size, limit));
      const { rows } = await services.readFmedaWorksheet(file.bytes, { limit, acceptUnmapped: options.acceptUnmapped === true });
      await printMetrics(context, services.fmedaMetrics(rows), { file: file.name, rows: rows.length });
    });

  fmeda
    .command('import')
    .description(t('cli.fmeda.import.description'))
    .argument('<file.xlsx>', t('cli.dfmea.arg_xlsx_in'))
    .option('--name <name>', t('cli.fmeda.import.option_name'))
    .option('--owner <userName>', t('cli.dfmea.import.option_owner'), 'admin')
    .option('--accept-unmapped', t('cli.import.option_accept_unmapped'))
    .option('--max-mb <n>', t('cli.dfmea.import.option_max_mb'))
    .action(async (path: string, options: { name?: string; owner: string; acceptUnmapped?: boolean; maxMb?: string }, command: Command) => {
      const context = contextOf(command);
      const { t: tr, out } = context;
      const { assertSpreadsheet, findUserRow, importFmedaWorkbook } = await import('@fmea/core/services');
      const limit = await importLimitBytes(options.maxMb, context.io.env);
      const file = await readInputFile(path, (name, size) => assertSpreadsheet(name, size, limit));
      const ctx = await context.services();
      const owner = await findUserRow(ctx.db, options.owner);
      const progress = progressCallback(out, tr('cli.progress.import'));
      const view = await withUnmappedHint(() =>
        importFmedaWorkbook(ctx, file.bytes, {
          fileName: file.name,
          name: options.name,
          members: [{ userId: owner.id, roles: [0] }],
          limit,
          acceptUnmapped: options.acceptUnmapped === true,
          onProgress: progress.onProgress,
        }),
      );
      await progress.done();
      await out.printMessage(tr('cli.fmeda.import.done', { serialNum: view.serialNum, rows: view.imported }), { fmedaNum: view.serialNum, projectId: view.projectId, rows: view.imported, metrics: view.metrics });
    });

  fmeda
    .command('export')
    .description(t('cli.fmeda.export.description'))
    .argument('<fmedaNum>', t('cli.fmeda.arg_fmeda_num'))
    .argument('[file]', t('cli.arg_xlsx_out'))
    .action(async (fmedaNum: string, path: string | undefined, _options: unknown, command: Command) => {
      const context = contextOf(command);
      const { exportFmedaWorkbook, getProjectBySerialNumber } = await import('@fmea/core/services');
      const ctx = await context.services();
      const project = await getProjectBySerialNumber(ctx, fmedaNum);
      const out = await exportFmedaWorkbook(ctx, project.id, context.locale);
      const target = path ?? out.fileName;
      assertExtension(target, ['.xlsx']);
      await writeOutputFile(target, out.data);
      await context.out.printMessage(context.t('cli.fmeda.export.done', { serialNum: project.serialNum, rows: out.rows, path: target }), { fmedaNum: project.serialNum, path: target, rows: out.rows });
    });
}
