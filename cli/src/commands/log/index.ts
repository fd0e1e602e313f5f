import type { Command } from 'commander';
import { contextOf } from '../../context.ts';
import { registerLogList } from './list.ts';

/** `fmea log …`: who changed what (CLI writes are logged as `cli:<OS user>`). */
export function registerLog(program: Command): void {
  const { t } = contextOf(program);
  const log = program.command('log').description(t('cli.log.description'));
  registerLogList(log);
}
