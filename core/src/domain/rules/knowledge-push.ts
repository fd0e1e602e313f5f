import { readRules } from './read.ts';
/**
 * The knowledge push rule (spec 001 §7 `sysKnowledgePushRule`, flag
 * `pushRule`): when it is on, releasing an FMEA proposes its hand-written
 * functions, failures and controls to the catalog, where they go through
 * the catalog's review. Items taken from the catalog are there already.
 */
export const PUSH_ITEM_KINDS = ['function', 'failure', 'control'] as const;
export type PushItemKind = (typeof PUSH_ITEM_KINDS)[number];

export interface PushCandidate {
  readonly id: string;
  readonly item: PushItemKind;
  /** The failure (FE/FM/FC) or control (prevention/detection) kind; functions have none. */
  readonly kind?: string | null;
  readonly description: string;
  readonly catalogRecordId: string | null;
}

/** The catalog type an item lands in: failures of every kind are failure-mode records. */
const landing = (c: PushCandidate): string => (c.item === 'control' ? `control:${c.kind ?? ''}` : c.item);

/**
 * What the rule pushes: nothing while it is off ('0'); when on ('1'), every
 * item not taken from the catalog, each wording once per catalog type (the
 * catalog refuses the same description twice), in the order given.
 */
export function itemsToPush<T extends PushCandidate>(pushRule: string, items: readonly T[]): T[] {
  if (!readRules({ pushRule }).knowledgePush) return [];
  const seen = new Set<string>();
  const out: T[] = [];
  for (const item of items) {
    const text = item.description.trim().toLowerCase();
    if (item.catalogRecordId !== null || text === '') continue;
    const key = `${landing(item)}\u0000${text}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(item);
  }
  return out;
}
