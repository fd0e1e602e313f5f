/**
 * `fmea fta analyze <model.xml>`: a fault tree in Open-PSA MEF, analysed by core's engine (issue 23): the
 * exact top-event probability beside the rare-event approximation and the min-cut upper bound, the minimal
 * cut sets (counted exactly, listed up to --limit), and the importance of each basic event. Reads a file,
 * writes nothing: for CI and for checking a model against another PSA tool.
 */
import { Option, type Command } from 'commander';
import { InvalidInputError } from '@fmea/core/errors';
import { analyzeTree, FaultTreeError, readMef } from '@fmea/core/domain';
import { contextOf } from '../../context.ts';
import { assertExtension, readInputFile } from '../../shared/files.ts';
import { importLimitBytes, parseCount } from '../../shared/options.ts';

interface AnalyzeOptions {
  missionTime?: string;
  limit?: string;
  maxOrder?: string;
  maxMb?: string;
}

export function registerFta(program: Command): void {
  const { t } = contextOf(program);
  const fta = program.command('fta').description(t('cli.fta.description'));
  fta
    .command('analyze')
    .description(t('cli.fta.analyze.description'))
    .argument('<model.xml>', t('cli.fta.analyze.argument_model'))
    .addOption(new Option('--mission-time <hours>', t('cli.fta.analyze.option_mission_time')))
    .addOption(new Option('--limit <n>', t('cli.fta.analyze.option_limit')))
    .addOption(new Option('--max-order <n>', t('cli.fta.analyze.option_max_order')))
    .addOption(new Option('--max-mb <n>', t('cli.dfmea.import.option_max_mb')))
    .action(async (path: string, options: AnalyzeOptions, command: Command) => {
      const context = contextOf(command);
      const { t: tr, out } = context;
      const missionTime = options.missionTime === undefined ? undefined : Number(options.missionTime);
      if (missionTime !== undefined && !(Number.isFinite(missionTime) && missionTime > 0)) throw new InvalidInputError('cli.fta.mission_time_invalid', { value: options.missionTime! });
      const listLimit = parseCount(options.limit, '--limit', 0) ?? 100;
      const maxOrder = parseCount(options.maxOrder, '--max-order');
      const limit = await importLimitBytes(options.maxMb, context.io.env);
      const { formatBytes } = await import('@fmea/core/services');
      const file = await readInputFile(path, (name, size) => {
        assertExtension(name, ['.xml']);
        if (size > limit) throw new InvalidInputError('file.too_large', { limit: formatBytes(limit) });
      });
      let result;
      let top: string;
      try {
        const tree = readMef(new TextDecoder().decode(file.bytes), missionTime === undefined ? {} : { missionTime });
        top = tree.top;
        result = analyzeTree(tree, { listLimit, ...(maxOrder === undefined ? {} : { maxOrder }) });
      } catch (error) {
        if (error instanceof FaultTreeError) throw new InvalidInputError(`cli.fta.model_${error.reason}`, { file: file.name, name: error.names.name ?? '', input: error.names.input ?? '' });
        throw error;
      }
      const data = {
        model: file.name,
        top,
        coherent: result.coherent,
        probability: result.probability,
        cutSetCount: result.cutSetCount,
        minimalCutSets: result.minimalCutSets,
        importance: result.importance,
      };
      const shown = (value: number | null) => (value === null ? '–' : value.toPrecision(6));
      await out.printMessage(
        [
          tr('cli.fta.analyze.top', { top }),
          tr('cli.fta.analyze.probability', { exact: shown(result.probability.exact), rareEvent: shown(result.probability.rareEvent), mcub: shown(result.probability.mcub) }),
          result.cutSetCount === null ? tr('cli.fta.analyze.not_coherent') : tr('cli.fta.analyze.cut_sets', { count: result.cutSetCount, listed: result.minimalCutSets.length }),
        ].join('\n'),
        data,
      );
      if (context.json) return;
      await out.printTable(
        result.minimalCutSets.map((set, i) => ({ n: i + 1, order: set.length, events: set.join(' · ') })),
        [
          { value: 'n', header: '#' },
          { value: 'order', header: tr('cli.fta.analyze.column_order') },
          { value: 'events', header: tr('cli.fta.analyze.column_events') },
        ],
      );
      const ranked = [...result.importance].sort((a, b) => b.fussellVesely - a.fussellVesely).slice(0, 20);
      await out.printTable(
        ranked.map((r) => ({ event: r.event, probability: r.probability.toPrecision(4), fv: r.fussellVesely.toPrecision(4), birnbaum: r.birnbaum.toPrecision(4), raw: r.raw.toPrecision(4), rrw: Number.isFinite(r.rrw) ? r.rrw.toPrecision(4) : '∞' })),
        [
          { value: 'event', header: tr('cli.fta.analyze.column_event') },
          { value: 'probability', header: tr('cli.fta.analyze.column_probability') },
          { value: 'fv', header: 'FV' },
          { value: 'birnbaum', header: 'Birnbaum' },
          { value: 'raw', header: 'RAW' },
          { value: 'rrw', header: 'RRW' },
        ],
      );
    });
}
