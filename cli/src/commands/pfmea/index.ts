import type { Command } from 'commander';
import { contextOf } from '../../context.ts';
import { PFMEA_COMMANDS, registerFmeaExport, registerFmeaImport, registerFmeaList } from '../../shared/fmea-commands.ts';
import { registerFmeaCheck } from '../../shared/fmea-check-commands.ts';
import { registerFmeaReview } from '../../shared/fmea-review-commands.ts';
import { registerFmeaBaselines } from '../../shared/fmea-baseline-commands.ts';

/**
 * `fmea pfmea list|export|import`: PFMEA projects and their AIAG-VDA PFMEA
 * form workbooks in and out — the DFMEA's commands (shared/fmea-commands.ts)
 * for the process type: PF numbers, the PFMEA form, legacy 4th-edition
 * PFMEA sheets.
 */
export function registerPfmea(program: Command): void {
  const { t } = contextOf(program);
  const pfmea = program.command('pfmea').description(t('cli.pfmea.description'));
  registerFmeaList(pfmea, PFMEA_COMMANDS);
  registerFmeaExport(pfmea, PFMEA_COMMANDS);
  registerFmeaImport(pfmea, PFMEA_COMMANDS);
  registerFmeaReview(pfmea, PFMEA_COMMANDS);
  registerFmeaCheck(pfmea, PFMEA_COMMANDS);
  registerFmeaBaselines(pfmea, PFMEA_COMMANDS);
}
