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

/**
 * Failures in structure order: their node's place in the tree (pre-order),
 * then their function (sort, id), then the failure itself (sort, id).
 */
export function failureOrder(index: GraphIndex): (a: GraphFailure, b: GraphFailure) => number {
  const rank = new Map(treeOrder(index).map((n, i) => [n.id, i]));
  const fnOf = (f: GraphFailure) => index.fn.get(f.functionId);
  return (a, b) => {
    const [fa, fb] = [fnOf(a), fnOf(b)];
    const byNode = (rank.get(fa?.nodeId ?? '') ?? -1) - (rank.get(fb?.nodeId ?? '') ?? -1);
    if (byNode !== 0) return byNode;
    if (fa && fb && fa !== fb) return bySortThenId(fa, fb);
    return bySortThenId(a, b);
  };
}

/**
 * Every chain of the project in AIAG-VDA form order: structure elements in
 * tree pre-order, then the element's functions, then each function's failure
 * modes (each by sort, then id); within a mode its effects, then its causes,
 * each in structure order (`failureOrder`). One row per effect × cause of a
 * mode; the risk grid's SQL keeps exactly this order.
 */
export function buildChains(index: GraphIndex): FailureChain[] {
  const chains: FailureChain[] = [];
  const order = failureOrder(index);
  const ends = (ids: readonly string[]) =>
    ids
      .map((id) => index.failure.get(id))
      .filter((f): f is GraphFailure => f !== undefined)
      .sort(order);
  for (const node of treeOrder(index)) {
    for (const fn of index.functionsOf.get(node.id) ?? []) {
      for (const mode of index.failuresOf.get(fn.id) ?? []) {
        if (mode.kind !== 'FM') continue;
        const effects = ends((index.linksUp.get(mode.id) ?? []).map((l) => l.higherId)).filter((f) => f.kind === 'FE');
        const causes = ends((index.linksDown.get(mode.id) ?? []).map((l) => l.lowerId)).filter((f) => f.kind === 'FC');
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
