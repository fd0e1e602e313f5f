/** `fmea fta export <ftaNum> [-o <file.xml>] [--as <user>]`: a stored fault tree as Open-PSA MEF XML, to a file or to stdout (issue 23). */
import type { Command } from 'commander';
import { contextOf } from '../../context.ts';
import { assertExtension, writeOutputFile } from '../../shared/files.ts';
import { actingContext, addAsOption } from '../kb/shared.ts';

export function registerFtaExport(fta: Command): void {
  const { t } = contextOf(fta);
  const command = fta
    .command('export')
    .description(t('cli.fta.export.description'))
    .argument('<ftaNum>', t('cli.fta.argument_tree'))
    .option('-o, --output <file.xml>', t('cli.fta.export.option_output'));
  addAsOption(command).action(async (ftaNum: string, options: { output?: string; as?: string }, cmd: Command) => {
    const context = contextOf(cmd);
    if (options.output !== undefined) assertExtension(options.output, ['.xml']);
    const { exportFtaMef } = await import('@fmea/core/services');
    const { fileName, xml } = await exportFtaMef(await actingContext(context, options.as), ftaNum);
    if (options.output === undefined) {
      await context.out.printLines(xml.replace(/\n$/, '').split('\n'), { fileName, xml });
      return;
    }
    await writeOutputFile(options.output, new TextEncoder().encode(xml));
    await context.out.printMessage(context.t('cli.fta.export.done', { ftaNum, path: options.output }), { fileName, path: options.output });
  });
}
