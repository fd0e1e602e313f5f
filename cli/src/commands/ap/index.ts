import type { Command } from 'commander';
import { contextOf } from '../../context.ts';
import { registerApEval, type ApRuleSource } from './eval.ts';

export { databaseApRules, type ApRuleSource } from './eval.ts';

export interface ApCommandDeps {
  readonly apRuleSource?: ApRuleSource;
}

/** `fmea ap …`: Action Priority. */
export function registerAp(program: Command, deps: ApCommandDeps = {}): void {
  const { t } = contextOf(program);
  const ap = program.command('ap').description(t('cli.ap.description'));
  registerApEval(ap, deps.apRuleSource);
}
