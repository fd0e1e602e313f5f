/**
 * `fmea db seed [--fixtures demo]`: the defaults (always, idempotent), and
 * the demo data set on request, in one transaction: all of it or nothing.
 */
import type { Command } from 'commander';
import { ConflictError, InvalidInputError, isDomainError } from '@fmea/core/errors';
import { contextOf } from '../../context.ts';
import { UsageError } from '../../errors.ts';
import { progressCallback } from '../../shared/progress.ts';

const FIXTURES = ['demo'] as const;

export function registerDbSeed(db: Command): void {
  const { t } = contextOf(db);
  db.command('seed')
    .description(t('cli.db.seed.description'))
    .option('--fixtures <name>', t('cli.db.seed.option_fixtures', { names: FIXTURES.join(', ') }))
    .action(async (options: { fixtures?: string }, command: Command) => {
      const context = contextOf(command);
      const { t: tr, out } = context;
      if (options.fixtures !== undefined && !(FIXTURES as readonly string[]).includes(options.fixtures)) {
        throw new UsageError('cli.db.seed.unknown_fixture', { name: options.fixtures, names: FIXTURES.join(', ') });
      }
      const ctx = await context.services(); // opening seeds the defaults
      if (options.fixtures === undefined) {
        await out.printMessage(tr('cli.db.seed.defaults_done'), { fixtures: null });
        return;
      }
      const [{ seedDemo }, { checkPassword }, { getPasswordPolicy }] = await Promise.all([
        import('@fmea/fixtures'),
        import('@fmea/core/domain'),
        import('@fmea/core/services'),
      ]);
      const password = context.io.env.DEMO_PASSWORD || undefined;
      if (password !== undefined) {
        const issues = checkPassword(password, await getPasswordPolicy(ctx.db), {});
        if (issues.length > 0) throw new InvalidInputError('cli.db.seed.demo_password_invalid', {}, issues);
      }
      const progress = progressCallback(out, tr('cli.progress.demo'));
      let result;
      try {
        result = await ctx.db.transaction((tx) =>
          seedDemo({ ...ctx, db: tx as unknown as typeof ctx.db }, { password, onProgress: progress.onProgress }),
        );
      } catch (error) {
        if (isDomainError(error) && error.code === 'conflict') {
          throw new ConflictError('cli.db.seed.demo_conflict', { reason: tr(error.messageKey, error.params) });
        }
        throw error;
      }
      await progress.done();
      const lines = [tr('cli.db.seed.demo_done', { count: result.users.length }), ...result.users.map((u) => `  ${u}`)];
      if (result.passwordGenerated) lines.push(tr('cli.db.seed.demo_password', { password: result.password }));
      await out.printLines(lines, {
        fixtures: options.fixtures,
        users: result.users,
        ...(result.passwordGenerated && { password: result.password }),
      });
    });
}
