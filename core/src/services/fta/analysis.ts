import { InvalidInputError } from '../../errors.ts';
import { analyzeTree, FaultTreeError, toFaultTree, type FtaDocument, type FtaResult } from '../../domain/fta/index.ts';
import type { ServiceContext } from '../shared/context.ts';
import { ftaCaller, readableTree } from './access.ts';
import { modelError, transferredTrees } from './exchange.ts';
import type { FtaMessageKey } from './messages.ts';

/**
 * A stored tree analysed by core's engine (issue 23): transfers resolved from the other stored trees by
 * number, the mission time the tree's own or the caller's, the exact probability beside the rare-event
 * approximation and the min-cut upper bound, the minimal cut sets (counted exactly, listed up to a limit and
 * an order, those below a probability cut-off left out of the list), and each basic event's importance.
 *
 * It runs in the request, with no progress over the websocket: the targets (issue 23) put each Aralia tree
 * under 10 s and the trees a DFMEA gives are far smaller; a pure synchronous computation has no point at
 * which to report progress without a worker (docs/domain/fta.md, "API").
 */
export interface TreeAnalysisOptions {
  /** Hours; overrides the tree's own. */
  missionTime?: number;
  /** Largest cut set listed. */
  maxOrder?: number;
  /** Cut sets whose probability is below this are left out of the list (they still count). */
  cutoff?: number;
  /** Most cut sets listed (default 100). */
  listLimit?: number;
}

export interface CutSetRow {
  events: string[];
  order: number;
  probability: number;
}

export interface TreeAnalysis {
  tree: { id: string; ftaNum: string; name: string };
  top: string;
  missionTime: number;
  coherent: boolean;
  probability: FtaResult['probability'];
  /** Every minimal cut set, counted (null for a tree with NOT or XOR). */
  cutSetCount: number | null;
  /** The listed ones, smallest first, as basic-event names (the CLI's `minimalCutSets`). */
  minimalCutSets: string[][];
  cutSets: CutSetRow[];
  /** Cut sets the cut-off left out of the list. */
  belowCutoff: number;
  importance: (Omit<FtaResult['importance'][number], 'rrw'> & { rrw: number | null })[];
}

export const DEFAULT_LIST_LIMIT = 100;
export const MAX_LIST_LIMIT = 10_000;

/** Analyses a document whose transfers `resolve` answers (the CLI's file mode passes none). */
export function analyzeDocument(doc: FtaDocument, options: TreeAnalysisOptions, resolve: (tree: string) => FtaDocument | undefined, where: string) {
  if (options.missionTime !== undefined && !(Number.isFinite(options.missionTime) && options.missionTime > 0)) {
    throw new InvalidInputError('fta.mission_time_invalid' satisfies FtaMessageKey, { value: String(options.missionTime) });
  }
  if (options.cutoff !== undefined && !(options.cutoff >= 0 && options.cutoff <= 1)) throw new InvalidInputError('fta.cutoff_invalid' satisfies FtaMessageKey, { value: String(options.cutoff) });
  const missionTime = options.missionTime ?? doc.missionTime;
  try {
    const tree = toFaultTree(doc, { missionTime, resolve });
    const listLimit = Math.min(options.listLimit ?? DEFAULT_LIST_LIMIT, MAX_LIST_LIMIT);
    const result = analyzeTree(tree, { listLimit, ...(options.maxOrder === undefined ? {} : { maxOrder: options.maxOrder }) });
    const all = result.minimalCutSets.map((events) => ({ events, order: events.length, probability: events.reduce((q, e) => q * tree.basicEvents.get(e)!, 1) }));
    const cutSets = options.cutoff ? all.filter((c) => c.probability >= options.cutoff!) : all;
    return {
      top: tree.top,
      missionTime,
      coherent: result.coherent,
      probability: result.probability,
      cutSetCount: result.cutSetCount,
      minimalCutSets: cutSets.map((c) => c.events),
      cutSets,
      belowCutoff: all.length - cutSets.length,
      importance: result.importance.map((i) => ({ ...i, rrw: Number.isFinite(i.rrw) ? i.rrw : null })),
    };
  } catch (error) {
    if (error instanceof FaultTreeError) throw modelError(error, where);
    throw error;
  }
}

export async function analyzeFtaTree(ctx: ServiceContext, key: string, options: TreeAnalysisOptions = {}): Promise<TreeAnalysis> {
  const caller = await ftaCaller(ctx.db, ctx.actor);
  const row = await readableTree(ctx.db, caller, key, ctx.now());
  const others = await transferredTrees(ctx.db, caller, row.document, ctx.now());
  return { tree: { id: row.id, ftaNum: row.ftaNum, name: row.name }, ...analyzeDocument(row.document, options, (t) => others.get(t), row.ftaNum) };
}
