/** `fmea number next <module>`: allocates and prints the module's next number (e.g. DF2611210001), logged. */
import type { Command } from 'commander';
import { NUMBERING_MODULES } from '@fmea/core/domain';
import { contextOf } from '../../context.ts';

export function registerNumberNext(number: Command): void {
  const { t } = contextOf(number);
  number
    .command('next')
    .description(t('cli.number.next.description'))
    .argument('<module>', t('cli.number.next.arg_module', { modules: NUMBERING_MODULES.join(', ') }))
    .action(async (module: string, _options: object, command: Command) => {
      const context = contextOf(command);
      const { assertModule, nextNumber } = await import('@fmea/core/services');
      assertModule(module); // before the database is opened: an unknown module writes nothing
      const allocated = await nextNumber(await context.services(), module);
      await context.out.printLines([allocated], { module, number: allocated });
    });
}
