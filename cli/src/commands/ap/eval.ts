/**
 * `fmea ap eval --s 9 --o 6 --d 5 [--table pfmea]` prints one AP (H/M/L);
 * `fmea ap eval --stdin` prints one AP per input line, in order.
 */
import { Option, type Command } from 'commander';
import { contextOf, type CliContext } from '../../context.ts';
import { UsageError } from '../../errors.ts';
import { AP_TABLES, compileApTable, DEFAULT_AP_RULES, DEFAULT_AP_SELECTION, type ApLookup, type ApTable } from '../../bridge/core-ap.ts';
import { parseRatingFlags, parseRatingLines } from './rating-lines.ts';

/**
 * Where `ap eval` gets its rules: one function from table name to lookup.
 * Today the handbook's default tables; later the rules stored in the database
 * (`context.database()` is there for that).
 */
export type ApRuleSource = (table: ApTable, context: CliContext) => Promise<ApLookup>;

export const builtInApRules: ApRuleSource = async (table) =>
  compileApTable(DEFAULT_AP_RULES[table], DEFAULT_AP_SELECTION);

interface ApEvalOptions {
  readonly s?: string;
  readonly o?: string;
  readonly d?: string;
  readonly stdin?: boolean;
  readonly table: ApTable;
}

export function registerApEval(ap: Command, ruleSource: ApRuleSource = builtInApRules): void {
  const { t } = contextOf(ap);
  ap.command('eval')
    .description(t('cli.ap.eval.description'))
    .addOption(new Option('--s <n>', t('cli.ap.eval.option_s')))
    .addOption(new Option('--o <n>', t('cli.ap.eval.option_o')))
    .addOption(new Option('--d <n>', t('cli.ap.eval.option_d')))
    .addOption(new Option('--stdin', t('cli.ap.eval.option_stdin')))
    .addOption(new Option('--table <table>', t('cli.ap.eval.option_table')).choices(AP_TABLES).default('dfmea'))
    .action(async (options: ApEvalOptions, command: Command) => {
      const context = contextOf(command);
      const { s, o, d, stdin, table } = options;
      const anyRating = s !== undefined || o !== undefined || d !== undefined;

      if (stdin) {
        if (anyRating) throw new UsageError('cli.ap.eval.stdin_with_ratings');
        const lines = parseRatingLines(await context.readStdin());
        const lookup = await ruleSource(table, context);
        const results = lines.map((r) => ({ line: r.line, s: r.s, o: r.o, d: r.d, ap: lookup(r.s, r.o, r.d) }));
        await context.out.printLines(
          results.map((r) => r.ap),
          results,
        );
        return;
      }

      if (s === undefined || o === undefined || d === undefined) throw new UsageError('cli.ap.eval.missing_ratings');
      const ratings = parseRatingFlags(s, o, d);
      const lookup = await ruleSource(table, context);
      const ap = lookup(ratings.s, ratings.o, ratings.d);
      await context.out.printLines([ap], { ...ratings, table, ap });
    });
}
