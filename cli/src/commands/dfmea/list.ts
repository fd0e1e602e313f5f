/** `fmea dfmea list [--search] [--page] [--limit]`: DFMEA projects (shared with `fmea pfmea list`: shared/fmea-commands.ts). */
import type { Command } from 'commander';
import { DFMEA_COMMANDS, registerFmeaList } from '../../shared/fmea-commands.ts';

export const registerDfmeaList = (dfmea: Command): void => registerFmeaList(dfmea, DFMEA_COMMANDS);
