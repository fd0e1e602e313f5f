/**
 * `fmea score scoring [--set table.field=value …]`: the QFD and part-risk scoring rules (docs/domain/user-scores.md,
 * "Scoring rules"); with --set, the changes are checked whole and saved, else nothing is written (exit 2).
 */
import type { Command } from 'commander';
import { contextOf } from '../../context.ts';

const collect = (value: string, previous: string[]) => [...previous, value];

export function registerScoreScoring(score: Command): void {
  const { t } = contextOf(score);
  score
    .command('scoring')
    .description(t('cli.score.scoring.description'))
    .option('--set <table.field=value>', t('cli.score.scoring.option_set'), collect, [] as string[])
    .action(async (options: { set: string[] }, command: Command) => {
      const context = contextOf(command);
      const [{ getScoringRules, saveScoringRules }, { labelOf }] = await Promise.all([import('@fmea/core/services'), import('@fmea/core/i18n')]);
      const services = await context.services();
      let rules = await getScoringRules(services.db);
      if (options.set.length > 0) {
        const input: Record<string, Record<string, unknown>> = {};
        for (const entry of options.set) {
          const match = /^(qfd|partRisk)\.(\w+)=(.*)$/.exec(entry.trim());
          // an unknown table or field is left for the check to name; a value that is not a number goes as typed
          const [table, field, raw] = match ? [match[1]!, match[2]!, match[3]!.trim()] : ['qfd', entry, ''];
          (input[table] ??= {})[field] = raw !== '' && !Number.isNaN(Number(raw)) ? Number(raw) : raw;
        }
        rules = await saveScoringRules(services, input);
      }
      const rows = (['qfd', 'partRisk'] as const).flatMap((table) =>
        Object.entries(rules[table]).map(([field, value]) => ({ key: `${table}.${field}`, value, name: labelOf(context.locale, field) ?? field })),
      );
      await context.out.printTable(rows, [
        { header: context.t('cli.score.scoring.field_key'), value: 'key' },
        { header: context.t('cli.rules.field.value'), value: 'value', align: 'right' },
        { header: context.t('cli.field.name'), value: 'name' },
      ]);
    });
}
