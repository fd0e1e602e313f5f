import { NODE_TYPES } from '../fmea/node-types.ts';
import type { BomPart } from './parse.ts';

/** A part as stored: enough to find where an imported part already is. */
export interface StoredBomPart {
  readonly id: string;
  readonly parentId: string | null;
  readonly partNum: string;
  readonly sort: number;
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
const numKey = (partNum: string) => partNum.trim().toLowerCase();

/**
 * The de-duplicating import (spec 001 §7 "cover or de-duplicate"): a part of
 * the sheet that the stored tree already holds at the same place (the same
 * part number under the same parent) is left out, and the rows below it go
 * under the stored part. The others are added after the stored siblings;
 * their `parentKey` is a key of the sheet or the id of a stored part.
 */
export function mergeBomParts(stored: readonly StoredBomPart[], incoming: readonly BomPart[]): { added: BomPart[]; skipped: number } {
  // by index, not by search: a re-import of tens of thousands of parts stays linear
  const storedIds = new Set(stored.map((s) => s.id));
  /** Parent → its stored children by part number (trimmed, lower case; the first of twins), and their highest sort. */
  const storedChildren = new Map<string | null, { byNum: Map<string, StoredBomPart>; maxSort: number }>();
  for (const p of stored) {
    let children = storedChildren.get(p.parentId);
    if (!children) storedChildren.set(p.parentId, (children = { byNum: new Map(), maxSort: 0 }));
    const key = numKey(p.partNum);
    if (!children.byNum.has(key)) children.byNum.set(key, p);
    children.maxSort = Math.max(children.maxSort, p.sort);
  }
  /** Sheet key → the stored part it turned out to be. */
  const matched = new Map<string, string>();
  const nextSort = new Map<string | null, number>();
  const added: BomPart[] = [];
  let skipped = 0;
  for (const part of incoming) {
    const parentKey = part.parentKey === null ? null : (matched.get(part.parentKey) ?? part.parentKey);
    const parentIsStored = parentKey === null || storedIds.has(parentKey);
    const twin = parentIsStored ? storedChildren.get(parentKey)?.byNum.get(numKey(part.partNum)) : undefined;
    if (twin) {
      matched.set(part.key, twin.id);
      skipped += 1;
      continue;
    }
    const base = nextSort.get(parentKey) ?? (parentIsStored ? (storedChildren.get(parentKey)?.maxSort ?? 0) : 0);
    nextSort.set(parentKey, base + 1);
    added.push({ ...part, parentKey, sort: base + 1 });
  }
  return { added, skipped };
}

/** A node of the project's structure tree, as the plan needs it. */
export interface StructureNodeRef {
  readonly id: string;
  readonly parentId: string | null;
  readonly name: string;
}

export interface BomStructureNode {
  readonly key: string;
  /** A key of this plan, or the id of an existing node (the product root for parts under the product). */
  readonly parentKey: string;
  readonly name: string;
  readonly nodeType: number;
}

export interface BomStructurePlan {
  readonly nodes: BomStructureNode[];
  /** Parts that found their node already in the tree (same name under the same parent). */
  readonly reused: number;
}

/**
 * A DFMEA structure from a BOM tree (spec 001 §1 "Delivery types … BOM"; node
 * types in docs/domain/fmea-engine.md): every part becomes a structure node
 * under the node of its parent part, the parts under the product under the
 * project's root. A part holding parts is an assembly (type 12, which the
 * structure editor keeps: "assembly parts cannot be removed"), a part
 * without any an element (type 9: system, subsystem, component as deep as
 * the BOM goes). A part whose parent node already has a child of its name is
 * that node (generating twice adds nothing); each existing node is taken
 * once, so two parts of one name under one parent are two nodes.
 * `parts` lists parents before children.
 */
export function planBomStructure(parts: readonly BomPart[], existing: readonly StructureNodeRef[], rootId: string): BomStructurePlan {
  const hasChildren = new Set(parts.flatMap((p) => (p.parentKey === null ? [] : [p.parentKey])));
  const free = new Map<string, StructureNodeRef[]>();
  for (const n of existing) if (n.parentId !== null) free.set(n.parentId, [...(free.get(n.parentId) ?? []), n]);
  const nodeOf = new Map<string, string>();
  const nodes: BomStructureNode[] = [];
  let reused = 0;
  const ordered = [...parts].sort((a, b) => a.level - b.level || a.sort - b.sort);
  for (const part of ordered) {
    const parent = part.parentKey === null ? rootId : nodeOf.get(part.parentKey);
    if (parent === undefined) continue; // its parent was not planned: never for a tree, kept total for safety
    const candidates = free.get(parent) ?? [];
    const twin = candidates.findIndex((n) => same(n.name, part.partName));
    if (twin >= 0) {
      nodeOf.set(part.key, candidates[twin]!.id);
      candidates.splice(twin, 1);
      reused += 1;
      continue;
    }
    const key = `bom:${part.key}`;
    nodeOf.set(part.key, key);
    nodes.push({ key, parentKey: parent, name: part.partName, nodeType: hasChildren.has(part.key) ? NODE_TYPES.assembly : NODE_TYPES.element });
  }
  return { nodes, reused };
}
