import type { Command } from 'commander';
import { contextOf } from '../../context.ts';
import { registerRulesAp } from './ap.ts';
import { registerRulesList } from './list.ts';
import { registerRulesSet } from './set.ts';

/** `fmea rules …`: business rule flags and the AP rule tables. */
export function registerRules(program: Command): void {
  const { t } = contextOf(program);
  const rules = program.command('rules').description(t('cli.rules.description'));
  registerRulesList(rules);
  registerRulesSet(rules);
  registerRulesAp(rules);
}
