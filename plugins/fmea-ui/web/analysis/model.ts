import { useCallback, useEffect, useState } from 'react';
import { CHARACTERISTIC_CLASSES, type CharacteristicClass, type FailureKind } from '@fmea/core/domain';
import { api, ApiError, type ApiData } from '@fmea/sdk';

/** The analysis as one read answers it (steps 2–5), and its rows as the function and failure steps use them. */
export type Analysis = ApiData<'/api/fmea/analysis'>;
export type NodeRow = Analysis['nodes'][number];
export type FunctionRow = Analysis['functions'][number];
export type LinkRow = Analysis['functionLinks'][number];
export type CharacteristicRow = Analysis['characteristics'][number];
export type FailureRow = Analysis['failures'][number];
export type FailureLinkRow = Analysis['failureLinks'][number];
export { CHARACTERISTIC_CLASSES, type CharacteristicClass, type FailureKind };

const EMPTY: Analysis = { nodes: [], functions: [], functionLinks: [], characteristics: [], failures: [], failureLinks: [], controls: [] };

/** Reads the whole project's analysis once; `reload` after every write. */
export function useAnalysis(projectId: string, remoteRevision = 0) {
  const [data, setData] = useState<Analysis>(EMPTY);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<unknown>(null);
  const reload = useCallback(async () => {
    try {
      const next = await api.get('/api/fmea/analysis', { projectId });
      setData(next);
      setError(null);
    } catch (e) {
      setError(e);
    } finally {
      setLoading(false);
    }
  }, [projectId]);
  useEffect(() => {
    setLoading(true);
    void reload();
  }, [reload]);
  // another member's change: read again in place (drafts in open dialogs are separate state and survive)
  useEffect(() => {
    if (remoteRevision > 0) void reload();
  }, [remoteRevision, reload]);
  return { data, loading, error, reload };
}

const bySort = <T extends { sort: number }>(a: T, b: T) => a.sort - b.sort;

/** The structure as a depth-first list with depths, for an indented tree. */
export function flattenTree(nodes: readonly NodeRow[]): { node: NodeRow; depth: number }[] {
  const children = new Map<string | null, NodeRow[]>();
  const ids = new Set(nodes.map((n) => n.id));
  for (const n of nodes) {
    const key = n.parentId && ids.has(n.parentId) ? n.parentId : null;
    const list = children.get(key) ?? [];
    list.push(n);
    children.set(key, list);
  }
  const out: { node: NodeRow; depth: number }[] = [];
  const walk = (parent: string | null, depth: number) => {
    for (const n of (children.get(parent) ?? []).sort(bySort)) {
      out.push({ node: n, depth });
      walk(n.id, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}

export const functionsOf = (a: Analysis, nodeId: string | null) => a.functions.filter((f) => f.nodeId === nodeId).sort(bySort);

/** Functions that may contribute to `fn` in the function net: on the same element or on a child element, not yet linked. */
export function lowerFunctionCandidates(a: Analysis, fn: FunctionRow): FunctionRow[] {
  const childIds = new Set(a.nodes.filter((n) => n.parentId === fn.nodeId).map((n) => n.id));
  const linked = new Set(a.functionLinks.filter((l) => l.higherFunctionId === fn.id).map((l) => l.lowerFunctionId));
  return a.functions.filter((f) => f.id !== fn.id && !linked.has(f.id) && (childIds.has(f.nodeId) || f.nodeId === fn.nodeId)).sort(bySort);
}

/** The chain rule: functions whose effects may link to a mode on `fn` (parent element, or higher in the function net). */
export function effectFunctions(a: Analysis, fn: FunctionRow): Set<string> {
  const node = a.nodes.find((n) => n.id === fn.nodeId);
  const out = new Set(a.functions.filter((f) => node?.parentId && f.nodeId === node.parentId).map((f) => f.id));
  for (const l of a.functionLinks) if (l.lowerFunctionId === fn.id) out.add(l.higherFunctionId);
  return out;
}

/** The chain rule: functions whose causes may link to a mode on `fn` (child elements, or lower in the function net). */
export function causeFunctions(a: Analysis, fn: FunctionRow): Set<string> {
  const childIds = new Set(a.nodes.filter((n) => n.parentId === fn.nodeId).map((n) => n.id));
  const out = new Set(a.functions.filter((f) => childIds.has(f.nodeId)).map((f) => f.id));
  for (const l of a.functionLinks) if (l.higherFunctionId === fn.id) out.add(l.lowerFunctionId);
  return out;
}

/**
 * Where a failure sits, to tell equal texts apart in pickers and lists: its
 * structure element (a process step with its number) and function,
 * "20 Pressing › Press the bushing". A description alone repeats: "Worn" on
 * two gears.
 */
export function failurePlace(a: Pick<Analysis, 'nodes' | 'functions'>, functionId: string): string {
  const fn = a.functions.find((f) => f.id === functionId);
  const node = fn ? a.nodes.find((n) => n.id === fn.nodeId) : undefined;
  const element = node ? [node.processNo, node.name].filter(Boolean).join(' ') : '';
  return [element, fn?.description ?? ''].filter(Boolean).join(' › ');
}

/** A failure as a picker offers it: its place, then its text ("Gear › Mesh with worm: Teeth worn"). */
export const failureOption = (a: Pick<Analysis, 'nodes' | 'functions'>, f: Pick<FailureRow, 'id' | 'functionId' | 'description'>) => {
  const place = failurePlace(a, f.functionId);
  return { value: f.id, label: place ? `${place}: ${f.description}` : f.description };
};

/** A 1..10 rating as typed: null for empty, undefined when invalid. */
export function parseRating(text: string): number | null | undefined {
  const s = text.trim();
  if (s === '') return null;
  if (!/^\d{1,2}$/.test(s)) return undefined;
  const n = Number(s);
  return n >= 1 && n <= 10 ? n : undefined;
}

/** The count of a counted 409 (a delete or unlink others depend on), or null for any other error. */
export function conflictCount(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const data = error.data as { count?: unknown; params?: { count?: unknown } } | null;
  const count = data?.count ?? data?.params?.count;
  return typeof count === 'number' ? count : null;
}
