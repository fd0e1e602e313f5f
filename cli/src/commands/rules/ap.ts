/**
 * `fmea rules ap list|export|import`: the AP rule tables stored in the
 * database (what `ap eval`, the API and the workbench evaluate with).
 */
import type { Command } from 'commander';
import { InvalidInputError } from '@fmea/core/errors';
import type { ApRuleSet } from '@fmea/core/services';
import { contextOf } from '../../context.ts';
import type { Translate } from '../../i18n/index.ts';
import { assertExtension, readInputFile, writeOutputFile } from '../../shared/files.ts';

const RULE_FILES = ['.json', '.xlsx'];
/** JSON rule files get the same 1 MB limit as spreadsheets. */
const JSON_LIMIT_BYTES = 1024 * 1024;
const BOUNDS = ['sMin', 'sMax', 'oMin', 'oMax', 'dMin', 'dMax', 'rpnMin', 'rpnMax', 'so', 'sd'] as const;

const rulesSummary = (t: Translate, set: ApRuleSet) =>
  t('cli.rules.ap.summary', { table: set.table, count: set.rules.length, selection: set.selection || '-' });

export function registerRulesAp(rules: Command): void {
  const { t } = contextOf(rules);
  const ap = rules.command('ap').description(t('cli.rules.ap.description'));

  ap.command('list')
    .description(t('cli.rules.ap.list.description'))
    .option('--table <table>', t('cli.rules.ap.option_table'), 'dfmea')
    .action(async (options: { table: string }, command: Command) => {
      const context = contextOf(command);
      const { getApRuleSet } = await import('@fmea/core/services');
      const set = await getApRuleSet((await context.database()).db, options.table);
      await context.out.printMessage(rulesSummary(context.t, set));
      await context.out.printTable(
        set.rules.map((rule, i) => ({ ...rule, line: i + 1 })),
        [
          { header: '#', value: 'line', align: 'right' },
          { header: context.t('cli.rules.ap.field.type'), value: 'ruleType' },
          { header: 'AP', value: 'ap' },
          ...BOUNDS.map((key) => ({ header: key, value: key, align: 'right' as const })),
        ],
        set,
      );
    });

  ap.command('export')
    .description(t('cli.rules.ap.export.description'))
    .argument('<file>', t('cli.rules.ap.arg_file'))
    .option('--table <table>', t('cli.rules.ap.option_table'), 'dfmea')
    .action(async (path: string, options: { table: string }, command: Command) => {
      const context = contextOf(command);
      assertExtension(path, RULE_FILES);
      const { encodeApRules, getApRuleSet } = await import('@fmea/core/services');
      const set = await getApRuleSet((await context.database()).db, options.table);
      await writeOutputFile(path, await encodeApRules(set, path));
      await context.out.printMessage(context.t('cli.export.done', { count: set.rules.length, path }), { path, ...set });
    });

  ap.command('import')
    .description(t('cli.rules.ap.import.description'))
    .argument('<file>', t('cli.rules.ap.arg_file'))
    .option('--table <table>', t('cli.rules.ap.import.option_table'))
    .option('--selection <types>', t('cli.rules.ap.import.option_selection'))
    .action(async (path: string, options: { table?: string; selection?: string }, command: Command) => {
      const context = contextOf(command);
      const extension = assertExtension(path, RULE_FILES);
      const { assertSpreadsheet, decodeApRules, formatBytes, replaceApRules } = await import('@fmea/core/services');
      const file = await readInputFile(path, (name, size) => {
        if (extension === '.xlsx') assertSpreadsheet(name, size);
        else if (size > JSON_LIMIT_BYTES) throw new InvalidInputError('file.too_large', { limit: formatBytes(JSON_LIMIT_BYTES) });
      });
      const decoded = await decodeApRules(file.bytes, file.name);
      const table = options.table ?? (extension === '.json' ? tableNamedIn(file.bytes) : undefined) ?? 'dfmea';
      const set = await replaceApRules(await context.services(), table, decoded.rules, options.selection ?? decoded.selection);
      await context.out.printMessage(context.t('cli.rules.ap.import.done', { table: set.table, count: set.rules.length, selection: set.selection }), set);
    });
}

/** A JSON file written by `rules ap export` names its table; used when --table is not given. */
function tableNamedIn(bytes: Uint8Array): string | undefined {
  try {
    const body = JSON.parse(new TextDecoder().decode(bytes)) as { table?: unknown };
    return typeof body?.table === 'string' ? body.table : undefined;
  } catch {
    return undefined; // decodeApRules has already refused a file that is not JSON
  }
}
