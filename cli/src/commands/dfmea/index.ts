import type { Command } from 'commander';
import { contextOf } from '../../context.ts';
import { registerDfmeaExport } from './export.ts';
import { registerDfmeaImport } from './import.ts';
import { registerDfmeaList } from './list.ts';
import { registerDfmeaMsr } from './msr.ts';
import { registerDfmeaFmeca } from './fmeca.ts';
import { DFMEA_COMMANDS } from '../../shared/fmea-commands.ts';
import { registerFmeaCheck } from '../../shared/fmea-check-commands.ts';
import { registerFmeaReview } from '../../shared/fmea-review-commands.ts';
import { registerFmeaBaselines } from '../../shared/fmea-baseline-commands.ts';

/** `fmea dfmea …`: DFMEA projects, their AIAG-VDA form workbooks in and out, submit and release. */
export function registerDfmea(program: Command): void {
  const { t } = contextOf(program);
  const dfmea = program.command('dfmea').description(t('cli.dfmea.description'));
  registerDfmeaList(dfmea);
  registerDfmeaExport(dfmea);
  registerDfmeaImport(dfmea);
  registerDfmeaMsr(dfmea);
  registerDfmeaFmeca(dfmea);
  registerFmeaReview(dfmea, DFMEA_COMMANDS);
  registerFmeaCheck(dfmea, DFMEA_COMMANDS);
  registerFmeaBaselines(dfmea, DFMEA_COMMANDS);
}
