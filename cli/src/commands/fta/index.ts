import type { Command } from 'commander';
import { contextOf } from '../../context.ts';
import { registerFtaAnalyze } from './analyze.ts';
import { registerFtaExport } from './export.ts';
import { registerFtaImport } from './import.ts';
import { registerFtaList } from './list.ts';
import { registerFtaReleases } from './releases.ts';

/** `fmea fta …`: stored fault trees (issue 23) in and out as Open-PSA MEF, listed, and analysed (a stored tree or a model file). */
export function registerFta(program: Command): void {
  const { t } = contextOf(program);
  const fta = program.command('fta').description(t('cli.fta.description'));
  registerFtaList(fta);
  registerFtaImport(fta);
  registerFtaExport(fta);
  registerFtaAnalyze(fta);
  registerFtaReleases(fta);
}
