/** `fmea dfmea export <projectNum> <file.xlsx> [--company]`: the AIAG-VDA DFMEA form workbook (shared with `fmea pfmea export`: shared/fmea-commands.ts). */
import type { Command } from 'commander';
import { DFMEA_COMMANDS, registerFmeaExport } from '../../shared/fmea-commands.ts';

export const registerDfmeaExport = (dfmea: Command): void => registerFmeaExport(dfmea, DFMEA_COMMANDS);
