/**
 * `fmea fmeda metrics <file.xlsx>` (issue 23): an FMEDA worksheet's hardware metrics, ISO 26262-5's
 * (SPFM, LFM, PMHF and the ASIL verdicts) and IEC 61508-2's (SFF, DC, PFH and its SIL band, the maximum
 * SIL by Route 1H), ratios as fractions in --json. A wrong row is named by row and column; nothing is
 * computed from a file with one.
 */
import type { Command } from 'commander';
import { contextOf } from '../../context.ts';
import { readInputFile } from '../../shared/files.ts';
import { importLimitBytes } from '../../shared/options.ts';

export function registerFmeda(program: Command): void {
  const { t } = contextOf(program);
  const fmeda = program.command('fmeda').description(t('cli.fmeda.description'));
  fmeda
    .command('metrics')
    .description(t('cli.fmeda.metrics.description'))
    .argument('<file.xlsx>', t('cli.fmeda.metrics.argument_file'))
    .option('--accept-unmapped', t('cli.import.option_accept_unmapped'))
    .option('--max-mb <n>', t('cli.dfmea.import.option_max_mb'))
    .action(async (path: string, options: { acceptUnmapped?: boolean; maxMb?: string }, command: Command) => {
      const context = contextOf(command);
      const { t: tr, out } = context;
      const { assertSpreadsheet, fmedaMetrics, readFmedaWorksheet } = await import('@fmea/core/services');
      const limit = await importLimitBytes(options.maxMb, context.io.env);
      const file = await readInputFile(path, (name, size) => assertSpreadsheet(name, size, limit));
      const { rows } = await readFmedaWorksheet(file.bytes, { limit, acceptUnmapped: options.acceptUnmapped === true });
      const metrics = fmedaMetrics(rows);
      const pct = (value: number | null) => (value === null ? '–' : `${(value * 100).toFixed(2)} %`);
      const yes = (ok: boolean) => (ok ? '✓' : '✗');
      await out.printMessage(
        [
          tr('cli.fmeda.metrics.iso', { spfm: pct(metrics.spfm), lfm: pct(metrics.lfm), pmhf: metrics.pmhfFit.toPrecision(4) }),
          ...(['B', 'C', 'D'] as const).map((asil) => tr('cli.fmeda.metrics.asil', { asil, spfm: yes(metrics.asil[asil].spfm), lfm: yes(metrics.asil[asil].lfm), pmhf: yes(metrics.asil[asil].pmhf) })),
          tr('cli.fmeda.metrics.iec', { sff: pct(metrics.sff), dc: pct(metrics.dc), pfh: metrics.pfhPerHour.toExponential(3), band: metrics.pfhSilBand }),
          tr('cli.fmeda.metrics.max_sil', { a: Object.values(metrics.maxSil.typeA).join(' / '), b: Object.values(metrics.maxSil.typeB).join(' / ') }),
        ].join('\n'),
        { file: file.name, rows: rows.length, ...metrics },
      );
    });
}
