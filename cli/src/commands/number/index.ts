import type { Command } from 'commander';
import { contextOf } from '../../context.ts';
import { registerNumberNext } from './next.ts';

/** `fmea number …`: document numbers by the numbering rules. */
export function registerNumber(program: Command): void {
  const { t } = contextOf(program);
  const number = program.command('number').description(t('cli.number.description'));
  registerNumberNext(number);
}
