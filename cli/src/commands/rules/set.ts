/** `fmea rules set <flag> <value>`: one rule flag; unknown flags and values outside the allowed ones exit 2. */
import type { Command } from 'commander';
import { contextOf } from '../../context.ts';

export function registerRulesSet(rules: Command): void {
  const { t } = contextOf(rules);
  rules
    .command('set')
    .description(t('cli.rules.set.description'))
    .argument('<flag>', t('cli.rules.set.arg_flag'))
    .argument('<value>', t('cli.rules.set.arg_value'))
    .action(async (flag: string, value: string, _options: object, command: Command) => {
      const context = contextOf(command);
      const { setRuleFlag } = await import('@fmea/core/services');
      const row = await setRuleFlag(await context.services(), flag, value);
      await context.out.printMessage(context.t('cli.rules.set.done', { flag: row.ruleType, value: row.flag }), {
        flag: row.ruleType,
        value: row.flag,
      });
    });
}
