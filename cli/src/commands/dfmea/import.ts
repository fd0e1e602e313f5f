/**
 * `fmea dfmea import <file.xlsx> [--project <num>] [--mode cover|dedupe]
 * [--partial] [--legacy] [--accept-unmapped] [--owner <userName>] [--max-mb <n>]`:
 * a DFMEA workbook or legacy AIAG 4th-edition DFMEA sheet into a DFMEA
 * project or a new one (shared with `fmea pfmea import`: shared/fmea-commands.ts).
 */
import type { Command } from 'commander';
import { DFMEA_COMMANDS, registerFmeaImport } from '../../shared/fmea-commands.ts';

export const registerDfmeaImport = (dfmea: Command): void => registerFmeaImport(dfmea, DFMEA_COMMANDS);
