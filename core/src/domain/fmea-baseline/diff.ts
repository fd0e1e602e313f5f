import { canonicalJson, MSR_FAILURE_FIELDS, PROJECT_FIELDS, SNAPSHOT_FIELDS, SNAPSHOT_LISTS, type FmeaSnapshot, type SnapshotApRules, type Scalar, type SnapshotItem, type SnapshotList } from './snapshot.ts';

/**
 * The difference between two snapshots (a baseline and another, or the
 * working copy): items keyed by id, listed as added, removed or changed, each
 * with its kind, its path in the analysis ("Step 20 / Machine / Function /
 * Failure") and, per field, the old and the new value. A field naming another
 * item (parent, function, cause, the ends of a link) shows that item's path,
 * so a moved item reads as "from … to …". An item copied from a template or
 * another project has its own id: it is added, never matched by text.
 */
export const DIFF_KINDS = ['project', 'apRules', 'member', 'node', 'function', 'functionLink', 'characteristic', 'interface', 'effect', 'mode', 'cause', 'failureLink', 'control', 'action'] as const;
export type DiffKind = (typeof DIFF_KINDS)[number];
export type DiffChange = 'added' | 'removed' | 'changed';

export interface DiffField {
  readonly field: string;
  readonly old: Scalar;
  readonly new: Scalar;
}

export interface DiffItem {
  readonly change: DiffChange;
  readonly kind: DiffKind;
  readonly id: string;
  readonly path: string;
  readonly fields: DiffField[];
}

export interface SnapshotDiff {
  readonly added: number;
  readonly removed: number;
  readonly changed: number;
  /** By kind (DIFF_KINDS order), then path, then id. */
  readonly items: DiffItem[];
}

/** Fields that name another item, and which list that item is in. */
const REFS: Readonly<Record<string, SnapshotList>> = {
  parentId: 'nodes',
  nodeId: 'nodes',
  firstNodeId: 'nodes',
  secondNodeId: 'nodes',
  functionId: 'functions',
  higherFunctionId: 'functions',
  lowerFunctionId: 'functions',
  higherFailureId: 'failures',
  lowerFailureId: 'failures',
  causeId: 'failures',
};

/**
 * Fields a snapshot keeps that a reader has no use for, left out of a diff: the
 * order number (a reorder is no change of content), a node's level code, a
 * failure's kind (the item's kind says it), a member's user id and login name
 * (the member is named by their real name) and the login name an action's responsible was frozen
 * under (the responsible is one line: `responsibleUserId`, shown by name).
 */
const HIDDEN_FIELDS: Readonly<Partial<Record<SnapshotList, readonly string[]>>> = {
  members: ['userId', 'userName'],
  nodes: ['nodeType', 'sort'],
  functions: ['sort'],
  characteristics: ['sort'],
  failures: ['kind', 'sort'],
  controls: ['sort'],
  actions: ['responsibleName', 'sort'],
};

/** The fields of a list a diff shows, in their order. */
const shownFields = (list: SnapshotList): readonly string[] => {
  const hidden = HIDDEN_FIELDS[list] ?? [];
  // a cause's MSR ratings are in its item only when set (snapshot.ts): compared as empty where absent
  const fields = list === 'failures' ? [...SNAPSHOT_FIELDS.failures, ...MSR_FAILURE_FIELDS] : (SNAPSHOT_FIELDS[list] as readonly string[]);
  return fields.filter((f) => !hidden.includes(f));
};

/**
 * How a diff names what the snapshot holds by id (the service reads them, the
 * domain does no I/O): a person by their real name, a catalog record version by
 * its number and version ("FM2604010001 v2"). Without one, the frozen login name
 * for people and the id for records.
 */
export interface DiffNames {
  readonly person?: (userId: string) => string | undefined;
  readonly catalog?: (recordId: string) => string | undefined;
}

const FAILURE_KIND: Readonly<Record<string, DiffKind>> = { FE: 'effect', FM: 'mode', FC: 'cause' };
const LIST_KIND: Readonly<Record<Exclude<SnapshotList, 'failures'>, DiffKind>> = {
  members: 'member',
  nodes: 'node',
  functions: 'function',
  functionLinks: 'functionLink',
  characteristics: 'characteristic',
  interfaces: 'interface',
  failureLinks: 'failureLink',
  controls: 'control',
  actions: 'action',
};

const text = (v: Scalar | undefined) => (v === null || v === undefined ? '' : String(v));

/** Paths of one snapshot's items, each worked out once. */
class Paths {
  private readonly byList = new Map<SnapshotList, Map<string, SnapshotItem>>();
  private readonly memo = new Map<string, string>();
  constructor(
    private readonly snapshot: FmeaSnapshot,
    readonly names: DiffNames = {},
  ) {}

  item(list: SnapshotList, id: string): SnapshotItem | undefined {
    let map = this.byList.get(list);
    if (!map) this.byList.set(list, (map = new Map((this.snapshot[list] as SnapshotItem[]).map((i) => [i.id, i]))));
    return map.get(id);
  }

  /** The path of an item of `list`; "?" for an id the snapshot does not hold. */
  of(list: SnapshotList, id: string): string {
    const key = `${list}:${id}`;
    const hit = this.memo.get(key);
    if (hit !== undefined) return hit;
    const item = this.item(list, id) as Record<string, Scalar> | undefined;
    let path = '?';
    if (item) {
      const up = (field: string, own: string) => (item[field] ? `${this.of(REFS[field]!, item[field] as string)} / ${own}` : own);
      switch (list) {
        case 'nodes':
          path = up('parentId', item.processNo ? `${text(item.processNo)} ${text(item.name)}` : text(item.name));
          break;
        case 'functions':
          path = up('nodeId', text(item.description));
          break;
        case 'characteristics':
          path = up('functionId', text(item.name));
          break;
        case 'failures':
          path = up('functionId', text(item.description));
          break;
        case 'controls':
        case 'actions':
          path = up('causeId', text(item.description));
          break;
        case 'functionLinks':
          path = `${this.of('functions', item.higherFunctionId as string)} → ${this.of('functions', item.lowerFunctionId as string)}`;
          break;
        case 'failureLinks':
          path = `${this.of('failures', item.higherFailureId as string)} → ${this.of('failures', item.lowerFailureId as string)}`;
          break;
        case 'interfaces':
          path = `${this.of('nodes', item.firstNodeId as string)} ↔ ${this.of('nodes', item.secondNodeId as string)}`;
          break;
        case 'members':
          path = this.names.person?.(text(item.userId) || id) ?? (text(item.userName) || id);
          break;
      }
    }
    this.memo.set(key, path);
    return path;
  }
}

/**
 * A field's value as shown: a reference as the referenced item's path, a list
 * (roles) as "0,1", a catalog record as its number and version, a responsible
 * person by name (the name the snapshot froze when the reader cannot be told
 * a better one).
 */
function shown(paths: Paths, field: string, value: unknown, item: Record<string, unknown>): Scalar {
  if (Array.isArray(value)) return value.join(',');
  const ref = REFS[field];
  if (ref && typeof value === 'string') return paths.of(ref, value);
  if (field === 'catalogRecordId' && typeof value === 'string') return paths.names.catalog?.(value) ?? value;
  if (field === 'responsibleUserId' && typeof value === 'string') return paths.names.person?.(value) ?? (text(item.responsibleName as Scalar) || value);
  return (value ?? null) as Scalar;
}

const same = (a: unknown, b: unknown) => (Array.isArray(a) && Array.isArray(b) ? a.join(',') === b.join(',') : (a ?? null) === (b ?? null));

function kindOf(list: SnapshotList, item: Record<string, unknown>): DiffKind {
  return list === 'failures' ? (FAILURE_KIND[item.kind as string] ?? 'cause') : LIST_KIND[list];
}

/** The difference from `before` to `after`, people and catalog records named by `names`. */
export function diffSnapshots(before: FmeaSnapshot, after: FmeaSnapshot, names: DiffNames = {}): SnapshotDiff {
  const oldPaths = new Paths(before, names);
  const newPaths = new Paths(after, names);
  const items: DiffItem[] = [];

  const projectFields: DiffField[] = [];
  for (const field of PROJECT_FIELDS) {
    if (!same(before.project[field], after.project[field])) projectFields.push({ field, old: before.project[field] ?? null, new: after.project[field] ?? null });
  }
  if (projectFields.length) items.push({ change: 'changed', kind: 'project', id: after.project.id, path: text(after.project.serialNum), fields: projectFields });

  // the project's rule set, then (an FMEA-MSR project) the MSR rule set its MSR AP reads
  const apRules = (old: SnapshotApRules | undefined, now: SnapshotApRules | undefined) => {
    if (canonicalJson(old ?? null) === canonicalJson(now ?? null)) return;
    const fields: DiffField[] = [];
    if (old?.table !== now?.table) fields.push({ field: 'table', old: old?.table ?? null, new: now?.table ?? null });
    if (old?.selection !== now?.selection) fields.push({ field: 'selection', old: old?.selection ?? null, new: now?.selection ?? null });
    const rulesOld = canonicalJson(old?.rules ?? []);
    const rulesNew = canonicalJson(now?.rules ?? []);
    if (rulesOld !== rulesNew) fields.push({ field: 'rules', old: rulesOld, new: rulesNew });
    const table = now?.table ?? old?.table ?? '';
    items.push({ change: 'changed', kind: 'apRules', id: table, path: table, fields });
  };
  apRules(before.ap, after.ap);
  apRules(before.msrAp, after.msrAp);

  for (const list of SNAPSHOT_LISTS) {
    const fields = shownFields(list);
    const oldItems = before[list] as SnapshotItem[];
    const newItems = after[list] as SnapshotItem[];
    const oldById = new Map(oldItems.map((i) => [i.id, i as unknown as Record<string, unknown>]));
    const seen = new Set<string>();
    for (const item of newItems as unknown as (Record<string, unknown> & { id: string })[]) {
      seen.add(item.id);
      const old = oldById.get(item.id);
      if (!old) {
        const added = fields.filter((f) => item[f] !== null && item[f] !== undefined).map((f) => ({ field: f, old: null, new: shown(newPaths, f, item[f], item) }));
        items.push({ change: 'added', kind: kindOf(list, item), id: item.id, path: newPaths.of(list, item.id), fields: added });
        continue;
      }
      let changed: DiffField[] | undefined;
      for (const f of fields) {
        if (same(old[f], item[f])) continue;
        (changed ??= []).push({ field: f, old: shown(oldPaths, f, old[f], old), new: shown(newPaths, f, item[f], item) });
      }
      if (changed) items.push({ change: 'changed', kind: kindOf(list, item), id: item.id, path: newPaths.of(list, item.id), fields: changed });
    }
    for (const old of oldItems as unknown as (Record<string, unknown> & { id: string })[]) {
      if (seen.has(old.id)) continue;
      const removed = fields.filter((f) => old[f] !== null && old[f] !== undefined).map((f) => ({ field: f, old: shown(oldPaths, f, old[f], old), new: null }));
      items.push({ change: 'removed', kind: kindOf(list, old), id: old.id, path: oldPaths.of(list, old.id), fields: removed });
    }
  }

  const kindOrder = new Map(DIFF_KINDS.map((k, i) => [k, i]));
  items.sort((a, b) => kindOrder.get(a.kind)! - kindOrder.get(b.kind)! || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  let added = 0;
  let removed = 0;
  let changed = 0;
  for (const i of items) {
    if (i.change === 'added') added++;
    else if (i.change === 'removed') removed++;
    else changed++;
  }
  return { added, removed, changed, items };
}

/** A snapshot with nothing in it, for "compare against empty" (every item of the other side added). */
export function emptySnapshotLike(s: FmeaSnapshot): FmeaSnapshot {
  return { ...s, ...Object.fromEntries(SNAPSHOT_LISTS.map((l) => [l, []])) } as FmeaSnapshot;
}
