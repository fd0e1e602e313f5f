/**
 * `fmea number next <module>`: allocates and prints the module's next number
 * (e.g. DF2611210001), used up and logged. With `--preview` it prints the
 * number the next allocation would give, taking and logging nothing.
 */
import type { Command } from 'commander';
import { NUMBERING_MODULES } from '@fmea/core/domain';
import { contextOf } from '../../context.ts';

export function registerNumberNext(number: Command): void {
  const { t } = contextOf(number);
  number
    .command('next')
    .description(t('cli.number.next.description'))
    .argument('<module>', t('cli.number.next.arg_module', { modules: NUMBERING_MODULES.join(', ') }))
    .option('--preview', t('cli.number.next.option_preview'))
    .action(async (module: string, options: { preview?: boolean }, command: Command) => {
      const context = contextOf(command);
      const { assertModule, nextNumber, previewNumber } = await import('@fmea/core/services');
      assertModule(module); // before the database is opened: an unknown module writes nothing
      const ctx = await context.services();
      if (options.preview) {
        const next = await previewNumber(ctx.db, module, ctx.now());
        await context.out.printLines([next], { module, number: next, preview: true });
        return;
      }
      const allocated = await nextNumber(ctx, module);
      await context.out.printLines([allocated], { module, number: allocated });
    });
}
