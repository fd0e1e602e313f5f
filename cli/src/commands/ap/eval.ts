/**
 * `fmea ap eval --s 9 --o 6 --d 5 [--table pfmea]` prints one AP (H/M/L);
 * `fmea ap eval --stdin` prints one AP per input line, in order. Ratings are
 * checked before the database is opened; the rules are the database's.
 */
import { Option, type Command } from 'commander';
import { AP_TABLES, type ApLookup, type ApTable } from '@fmea/core/domain';
import { contextOf, type CliContext } from '../../context.ts';
import { UsageError } from '../../errors.ts';
import { parseRatingFlags, parseRatingLines } from './rating-lines.ts';

/** Where `ap eval` gets its rules: one function from table name to lookup. */
export type ApRuleSource = (table: ApTable, context: CliContext) => Promise<ApLookup>;

/**
 * The rules stored in the database (admins may have replaced the handbook's),
 * compiled by core into a 1000-entry lookup.
 */
export const databaseApRules: ApRuleSource = async (table, context) => {
  const { db } = await context.database();
  const { apEvaluator } = await import('@fmea/core/services');
  return apEvaluator(db, table);
};

interface ApEvalOptions {
  readonly s?: string;
  readonly o?: string;
  readonly d?: string;
  readonly stdin?: boolean;
  readonly table: ApTable;
}

export function registerApEval(ap: Command, ruleSource: ApRuleSource = databaseApRules): void {
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
