/**
 * `fmea fta analyze <ftaNum|model.xml>`: a stored fault tree (by its number; transfers resolved from the other
 * stored trees) or an Open-PSA MEF file, analysed by core's engine (issue 23): the exact top-event probability
 * beside the rare-event approximation and the min-cut upper bound, the minimal cut sets (counted exactly,
 * listed up to --limit and --max-order, --cutoff leaving the less likely out of the list), and the importance of
 * each basic event. A file is read, nothing is written: for CI and for checking a model against another PSA tool.
 */
import { Option, type Command } from 'commander';
import { InvalidInputError } from '@fmea/core/errors';
import { analyzeTree, FaultTreeError, readMef } from '@fmea/core/domain';
import { contextOf } from '../../context.ts';
import { assertExtension, readInputFile } from '../../shared/files.ts';
import { importLimitBytes, parseCount } from '../../shared/options.ts';
import { actingContext, addAsOption } from '../kb/shared.ts';

interface AnalyzeOptions {
  missionTime?: string;
  limit?: string;
  maxOrder?: string;
  cutoff?: string;
  maxMb?: string;
  as?: string;
}

interface Analysis {
  top: string;
  coherent: boolean;
  probability: { exact: number; rareEvent: number | null; mcub: number | null };
  cutSetCount: number | null;
  minimalCutSets: string[][];
  importance: { event: string; probability: number; birnbaum: number; fussellVesely: number; raw: number; rrw: number | null }[];
}

/** --mission-time as hours above 0. */
export function missionTimeOption(value: string | undefined): number | undefined {
  const missionTime = value === undefined ? undefined : Number(value);
  if (missionTime !== undefined && !(Number.isFinite(missionTime) && missionTime > 0)) throw new InvalidInputError('cli.fta.mission_time_invalid', { value: value! });
  return missionTime;
}

function cutoffOption(value: string | undefined): number | undefined {
  const cutoff = value === undefined ? undefined : Number(value);
  if (cutoff !== undefined && !(value!.trim() !== '' && cutoff >= 0 && cutoff <= 1)) throw new InvalidInputError('cli.fta.cutoff_invalid', { value: value! });
  return cutoff;
}

/** A model file rather than a stored tree's number: an .xml name or a path. */
const isFile = (target: string) => /\.xml$/i.test(target) || /[\\/]/.test(target);

export function registerFtaAnalyze(fta: Command): void {
  const { t } = contextOf(fta);
  const command = fta
    .command('analyze')
    .description(t('cli.fta.analyze.description'))
    .argument('<ftaNum|model.xml>', t('cli.fta.analyze.argument_target'))
    .addOption(new Option('--mission-time <hours>', t('cli.fta.analyze.option_mission_time')))
    .addOption(new Option('--limit <n>', t('cli.fta.analyze.option_limit')))
    .addOption(new Option('--max-order <n>', t('cli.fta.analyze.option_max_order')))
    .addOption(new Option('--cutoff <probability>', t('cli.fta.analyze.option_cutoff')))
    .addOption(new Option('--max-mb <n>', t('cli.dfmea.import.option_max_mb')));
  addAsOption(command).action(async (target: string, options: AnalyzeOptions, cmd: Command) => {
    const context = contextOf(cmd);
    const { t: tr, out } = context;
    const missionTime = missionTimeOption(options.missionTime);
    // a script reading --json gets the whole list of a tree of moderate size (and with it the min-cut upper bound); a person reads the first 100
    const listLimit = parseCount(options.limit, '--limit', 0) ?? (context.json ? 10_000 : 100);
    const maxOrder = parseCount(options.maxOrder, '--max-order');
    const cutoff = cutoffOption(options.cutoff);
    let result: Analysis;
    let source: Record<string, unknown>;
    if (isFile(target)) {
      const limit = await importLimitBytes(options.maxMb, context.io.env);
      const { formatBytes } = await import('@fmea/core/services');
      const file = await readInputFile(target, (name, size) => {
        assertExtension(name, ['.xml']);
        if (size > limit) throw new InvalidInputError('file.too_large', { limit: formatBytes(limit) });
      });
      try {
        const tree = readMef(new TextDecoder().decode(file.bytes), missionTime === undefined ? {} : { missionTime });
        const analysed = analyzeTree(tree, { listLimit, ...(maxOrder === undefined ? {} : { maxOrder }) });
        const probabilityOf = (set: string[]) => set.reduce((q, e) => q * tree.basicEvents.get(e)!, 1);
        result = {
          top: tree.top,
          ...analysed,
          minimalCutSets: cutoff ? analysed.minimalCutSets.filter((set) => probabilityOf(set) >= cutoff) : analysed.minimalCutSets,
          importance: analysed.importance.map((i) => ({ ...i, rrw: Number.isFinite(i.rrw) ? i.rrw : null })),
        };
      } catch (error) {
        if (error instanceof FaultTreeError) throw new InvalidInputError(`cli.fta.model_${error.reason}`, { file: file.name, name: error.names.name ?? '', input: error.names.input ?? '' });
        throw error;
      }
      source = { model: file.name };
    } else {
      const { analyzeFtaTree } = await import('@fmea/core/services');
      const analysed = await analyzeFtaTree(await actingContext(context, options.as), target, { listLimit, ...(missionTime === undefined ? {} : { missionTime }), ...(maxOrder === undefined ? {} : { maxOrder }), ...(cutoff === undefined ? {} : { cutoff }) });
      result = analysed;
      source = { tree: analysed.tree, missionTime: analysed.missionTime };
    }
    const data = {
      ...source,
      top: result.top,
      coherent: result.coherent,
      probability: result.probability,
      cutSetCount: result.cutSetCount,
      minimalCutSets: result.minimalCutSets,
      importance: result.importance,
    };
    const shown = (value: number | null) => (value === null ? '–' : value.toPrecision(6));
    await out.printMessage(
      [
        tr('cli.fta.analyze.top', { top: result.top }),
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
      ranked.map((r) => ({ event: r.event, probability: r.probability.toPrecision(4), fv: r.fussellVesely.toPrecision(4), birnbaum: r.birnbaum.toPrecision(4), raw: r.raw.toPrecision(4), rrw: r.rrw === null ? '∞' : r.rrw.toPrecision(4) })),
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
