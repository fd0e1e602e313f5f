/**
 * `fmea fta import <model.xml> [--mission-time <hours>] [--max-mb <n>] [--as <user>]`: an Open-PSA MEF model
 * stored as new fault trees (one per define-fault-tree), their FT numbers printed (issue 23).
 */
import { Option, type Command } from 'commander';
import { InvalidInputError } from '@fmea/core/errors';
import { contextOf } from '../../context.ts';
import { readInputFile } from '../../shared/files.ts';
import { importLimitBytes } from '../../shared/options.ts';
import { actingContext, addAsOption } from '../kb/shared.ts';
import { missionTimeOption } from './analyze.ts';

export function registerFtaImport(fta: Command): void {
  const { t } = contextOf(fta);
  const command = fta
    .command('import')
    .description(t('cli.fta.import.description'))
    .argument('<model.xml>', t('cli.fta.analyze.argument_model'))
    .addOption(new Option('--mission-time <hours>', t('cli.fta.analyze.option_mission_time')))
    .addOption(new Option('--max-mb <n>', t('cli.dfmea.import.option_max_mb')));
  addAsOption(command).action(async (path: string, options: { missionTime?: string; maxMb?: string; as?: string }, cmd: Command) => {
    const context = contextOf(cmd);
    const missionTime = missionTimeOption(options.missionTime);
    const limitBytes = await importLimitBytes(options.maxMb, context.io.env);
    const { formatBytes, importFtaMef } = await import('@fmea/core/services');
    const file = await readInputFile(path, (_name, size) => {
      if (size > limitBytes) throw new InvalidInputError('file.too_large', { limit: formatBytes(limitBytes) });
    });
    const { trees } = await importFtaMef(await actingContext(context, options.as), file.bytes, { fileName: file.name, limitBytes, ...(missionTime === undefined ? {} : { missionTime }) });
    await context.out.printLines(
      trees.map((tree) => context.t('cli.fta.import.done', { ftaNum: tree.ftaNum, name: tree.name })),
      { trees },
    );
  });
}
