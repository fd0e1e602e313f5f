import type { Command } from 'commander';
import { contextOf } from '../../context.ts';
import { registerPfdExport } from './export.ts';
import { registerPfdRenumber } from './renumber.ts';

/** `fmea pfd …`: the process flow chart of a PFMEA (drawn from its process steps). */
export function registerPfd(program: Command): void {
  const { t } = contextOf(program);
  const pfd = program.command('pfd').description(t('cli.pfd.description'));
  registerPfdExport(pfd);
  registerPfdRenumber(pfd);
}
