import { indexGraph, type FmeaGraph, type GraphIndex } from './graph.ts';
import type { FmeaMessageKey } from './messages.ts';

/**
 * The chain rule (AIAG & VDA 2019, step 4): a failure mode sits on a function
 * of the focus element; its failure effect on a function of the next higher
 * level element, its failure cause on a function of the next lower level
 * element. The function net may also join functions across those levels, or
 * two functions of one element; a failure link is allowed wherever the
 * function net links the two failures' functions in the same direction.
 */

/** Why a link is refused; null when it is allowed. */
export type LinkRefusal = Extract<
  FmeaMessageKey,
  | 'fmea.link_self'
  | 'fmea.link_kinds'
  | 'fmea.link_effect_level'
  | 'fmea.link_cause_level'
  | 'fmea.function_link_level'
  | 'fmea.function_link_cycle'
  | 'fmea.link_unknown_end'
>;

const parentOfNode = (index: GraphIndex, nodeId: string) => index.node.get(nodeId)?.parentId ?? null;

/**
 * Function net: the lower function sits on the same element as the higher
 * one, or on one of its children (next lower level); and the net stays free
 * of cycles. Duplicates are the caller's (and the unique index's) concern.
 */
export function functionLinkRefusal(index: GraphIndex, higherId: string, lowerId: string, { checkCycle = true } = {}): LinkRefusal | null {
  if (higherId === lowerId) return 'fmea.link_self';
  const higher = index.fn.get(higherId);
  const lower = index.fn.get(lowerId);
  if (!higher || !lower) return 'fmea.link_unknown_end';
  const sameElement = higher.nodeId === lower.nodeId;
  if (!sameElement && parentOfNode(index, lower.nodeId) !== higher.nodeId) return 'fmea.function_link_level';
  if (checkCycle && sameElement && reachesInFunctionNet(index, lowerId, higherId)) return 'fmea.function_link_cycle';
  return null;
}

/** Is `to` reachable from `from` going down the function net? Only same-element links can close a cycle. */
function reachesInFunctionNet(index: GraphIndex, from: string, to: string): boolean {
  const down = new Map<string, string[]>();
  for (const l of index.graph.functionLinks) down.set(l.higherId, [...(down.get(l.higherId) ?? []), l.lowerId]);
  const seen = new Set<string>();
  const stack = [from];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (id === to) return true;
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...(down.get(id) ?? []));
  }
  return false;
}

/**
 * Failure net: FE → FM or FM → FC, across one level of the structure or along
 * a function-net link between the two functions.
 */
export function failureLinkRefusal(index: GraphIndex, higherId: string, lowerId: string): LinkRefusal | null {
  if (higherId === lowerId) return 'fmea.link_self';
  const higher = index.failure.get(higherId);
  const lower = index.failure.get(lowerId);
  if (!higher || !lower) return 'fmea.link_unknown_end';
  const effectToMode = higher.kind === 'FE' && lower.kind === 'FM';
  const modeToCause = higher.kind === 'FM' && lower.kind === 'FC';
  if (!effectToMode && !modeToCause) return 'fmea.link_kinds';
  const higherFn = index.fn.get(higher.functionId);
  const lowerFn = index.fn.get(lower.functionId);
  if (!higherFn || !lowerFn) return 'fmea.link_unknown_end';
  if (index.functionNet.has(`${higherFn.id}>${lowerFn.id}`)) return null;
  if (parentOfNode(index, lowerFn.nodeId) === higherFn.nodeId) return null;
  return effectToMode ? 'fmea.link_effect_level' : 'fmea.link_cause_level';
}

export interface BrokenLinks {
  readonly functionLinks: readonly string[];
  readonly failureLinks: readonly string[];
}

/**
 * Links that no longer satisfy the rules, e.g. after a move or after removing
 * a function-net link. Function links are judged first; failure links are
 * then judged without the broken function links, since those will go too.
 */
export function brokenLinks(graph: FmeaGraph): BrokenLinks {
  const index = indexGraph(graph);
  const functionLinks = graph.functionLinks
    .filter((l) => functionLinkRefusal(index, l.higherId, l.lowerId, { checkCycle: false }) !== null)
    .map((l) => l.id);
  const gone = new Set(functionLinks);
  const kept = gone.size === 0 ? index : indexGraph({ ...graph, functionLinks: graph.functionLinks.filter((l) => !gone.has(l.id)) });
  const failureLinks = graph.failureLinks.filter((l) => failureLinkRefusal(kept, l.higherId, l.lowerId) !== null).map((l) => l.id);
  return { functionLinks, failureLinks };
}

export const brokenLinkCount = (broken: BrokenLinks) => broken.functionLinks.length + broken.failureLinks.length;

/** Links a change breaks: broken afterwards but not before (data that was already off is not the change's doing). */
export function linksBrokenBy(before: FmeaGraph, after: FmeaGraph): BrokenLinks {
  const was = brokenLinks(before);
  const now = brokenLinks(after);
  const fresh = (ids: readonly string[], old: readonly string[]) => ids.filter((id) => !old.includes(id));
  return { functionLinks: fresh(now.functionLinks, was.functionLinks), failureLinks: fresh(now.failureLinks, was.failureLinks) };
}
