import { bySortThenId, treeOrder, type GraphFailure, type GraphIndex } from './graph.ts';

/**
 * A failure chain: FE – FM – FC. The mode is always there; a mode without a
 * linked effect or cause still gets its row (with that end empty) so the risk
 * grid shows the gap instead of hiding the mode.
 */
export interface FailureChain {
  readonly effectId: string | null;
  readonly modeId: string;
  readonly causeId: string | null;
}

/** A stable key for a chain, e.g. for grid rows: "effect:mode:cause", '-' for an empty end. */
export const chainKey = (chain: FailureChain) => `${chain.effectId ?? '-'}:${chain.modeId}:${chain.causeId ?? '-'}`;

const ends = (index: GraphIndex, ids: readonly string[]): GraphFailure[] =>
  ids
    .map((id) => index.failure.get(id))
    .filter((f): f is GraphFailure => f !== undefined)
    .sort(bySortThenId);

/**
 * Every chain of the project in AIAG-VDA form order: structure elements in
 * tree pre-order, then the element's functions, then each function's failure
 * modes, then effects, then causes (each by sort, then id). One row per
 * effect × cause of a mode; the risk grid's SQL keeps exactly this order.
 */
export function buildChains(index: GraphIndex): FailureChain[] {
  const chains: FailureChain[] = [];
  for (const node of treeOrder(index)) {
    for (const fn of index.functionsOf.get(node.id) ?? []) {
      for (const mode of index.failuresOf.get(fn.id) ?? []) {
        if (mode.kind !== 'FM') continue;
        const effects = ends(index, (index.linksUp.get(mode.id) ?? []).map((l) => l.higherId)).filter((f) => f.kind === 'FE');
        const causes = ends(index, (index.linksDown.get(mode.id) ?? []).map((l) => l.lowerId)).filter((f) => f.kind === 'FC');
        for (const effect of effects.length > 0 ? effects : [null]) {
          for (const cause of causes.length > 0 ? causes : [null]) {
            chains.push({ effectId: effect?.id ?? null, modeId: mode.id, causeId: cause?.id ?? null });
          }
        }
      }
    }
  }
  return chains;
}

/** Chains that pass through a failure, whichever its kind. */
export function chainsThrough(chains: readonly FailureChain[], failureId: string): FailureChain[] {
  return chains.filter((c) => c.effectId === failureId || c.modeId === failureId || c.causeId === failureId);
}
