/** `fmea rules list`: every rule flag with its group, value and name in the chosen language, in the spec's group order. */
import type { Command } from 'commander';
import { contextOf } from '../../context.ts';

export function registerRulesList(rules: Command): void {
  const { t } = contextOf(rules);
  rules
    .command('list')
    .description(t('cli.rules.list.description'))
    .action(async (_options: object, command: Command) => {
      const context = contextOf(command);
      const { t: tr, locale } = context;
      const [{ listRuleFlags }, { RULE_GROUPS }] = await Promise.all([import('@fmea/core/services'), import('@fmea/core/domain')]);
      const { db } = await context.database();
      const order = (group: string) => (RULE_GROUPS as readonly string[]).indexOf(group);
      const flags = (await listRuleFlags(db)).sort((a, b) => order(a.ruleGroup) - order(b.ruleGroup) || a.ruleSort - b.ruleSort);
      const rows = flags.map((r) => ({
        group: r.ruleGroup,
        groupName: tr(`cli.rules.group.${r.ruleGroup}`),
        flag: r.ruleType,
        value: r.flag,
        name: locale === 'en-US' ? r.ruleNameEn : r.ruleName,
      }));
      await context.out.printTable(rows, [
        { header: tr('cli.rules.field.group'), value: 'groupName' },
        { header: tr('cli.rules.field.flag'), value: 'flag' },
        { header: tr('cli.rules.field.value'), value: 'value', align: 'right' },
        { header: tr('cli.field.name'), value: 'name' },
      ]);
    });
}
