import { buildChains } from '../fmea/chains.ts';
import type { FmedaSnapshot } from '../fmeda/snapshot.ts';
import type { DrbfmSnapshot } from '../drbfm/snapshot.ts';
import { indexGraph, type FmeaGraph } from '../fmea/graph.ts';
import type { FailureKind } from '../fmea/vocabulary.ts';
import { PROJECT_DATE_FIELDS, PROJECT_DICTIONARY_FIELD_NAMES, PROJECT_TEXT_FIELDS } from '../fmea/project.ts';

/**
 * The canonical snapshot of an FMEA project's whole analysis: what a baseline
 * freezes and what its hash is taken over (docs/domain/fmea-baselines.md).
 * Only content: ids (they key the diff), owners, order numbers and every
 * field a user writes; never versions, who or when an item was last saved,
 * the review status or derived figures (AP summary). The same analysis always
 * gives the same JSON: every list sorted by id, every object's keys sorted.
 */
export const SNAPSHOT_FORMAT = 1;

export type Scalar = string | number | boolean | null;

/** The project's header as frozen: its number, type, name, version, AP table and every header field (dictionary fields as codes). */
export const PROJECT_FIELDS = ['serialNum', 'projectType', 'name', 'versionLabel', 'apTable', ...PROJECT_TEXT_FIELDS, ...PROJECT_DATE_FIELDS, ...PROJECT_DICTIONARY_FIELD_NAMES] as const;

/** The kinds of list a snapshot holds and the content fields of each (order = the order fields are shown). */
export const SNAPSHOT_FIELDS = {
  members: ['userId', 'userName', 'roles'],
  nodes: ['parentId', 'nodeType', 'name', 'processNo', 'workElementType', 'flowSymbol', 'flowInputs', 'flowOutputs', 'taskStatus', 'imageName', 'sort'],
  functions: ['nodeId', 'description', 'requirement', 'functionScope', 'catalogRecordId', 'sort'],
  functionLinks: ['higherFunctionId', 'lowerFunctionId'],
  characteristics: ['functionId', 'name', 'characteristicClass', 'special', 'characteristicKind', 'customerClass', 'sort'],
  interfaces: ['firstNodeId', 'secondNodeId', 'interfaceType', 'description'],
  failures: ['functionId', 'kind', 'description', 'severity', 'occurrence', 'detection', 'frequencyRatio', 'catalogRecordId', 'sort'],
  failureLinks: ['higherFailureId', 'lowerFailureId'],
  controls: ['causeId', 'kind', 'description', 'catalogRecordId', 'sort'],
  actions: [
    'causeId',
    'kind',
    'description',
    'responsibleUserId',
    'responsibleName',
    'targetDate',
    'status',
    'actionTaken',
    'evidence',
    'completionDate',
    'raSeverity',
    'raOccurrence',
    'raDetection',
    'sort',
  ],
} as const;

/**
 * A cause's FMEA-MSR ratings (docs/domain/msr.md): in a failure item only when
 * any of them is set, so a snapshot without them is the text it was before
 * they were frozen and every earlier baseline keeps its hash.
 */
export const MSR_FAILURE_FIELDS = ['msrFrequency', 'msrMonitoring', 'msrSeverity', 'msrEffect'] as const;

export type SnapshotList = keyof typeof SNAPSHOT_FIELDS;
export const SNAPSHOT_LISTS = Object.keys(SNAPSHOT_FIELDS) as SnapshotList[];

/** One item of a list: its id and its fields (members are keyed by their user id). */
export type SnapshotItem<L extends SnapshotList = SnapshotList> = { readonly id: string } & { readonly [F in (typeof SNAPSHOT_FIELDS)[L][number]]: L extends 'members' ? (F extends 'roles' ? number[] : Scalar) : Scalar };

export interface SnapshotProject extends Record<(typeof PROJECT_FIELDS)[number], Scalar> {
  readonly id: string;
}

/** The AP rule set that rated the chains when the snapshot was taken (a baseline's export rates with it). */
export interface SnapshotApRules {
  readonly table: string;
  readonly selection: string;
  readonly rules: readonly Record<string, Scalar>[];
}

export type FmeaSnapshot = {
  readonly format: number;
  readonly project: SnapshotProject;
  readonly ap: SnapshotApRules;
  /** An FMEDA's settings, worksheet and metrics at the release (domain/fmeda/snapshot.ts); absent for other kinds, so their snapshots and hashes stay as they were. */
  readonly fmeda?: FmedaSnapshot;
  /** A DRBFM's change, parts, concerns, actions and meetings at the release (domain/drbfm/snapshot.ts); absent for other kinds. */
  readonly drbfm?: DrbfmSnapshot;
  /** The FMEA-MSR rule set its MSR AP was read with: only for a kind with the MSR steps (absent from earlier baselines). */
  readonly msrAp?: SnapshotApRules;
} & { readonly [L in SnapshotList]: SnapshotItem<L>[] };

/** What the service reads: rows with at least the content fields (extra columns are ignored). */
export type SnapshotSource = {
  readonly project: { readonly id: string } & { readonly [K in (typeof PROJECT_FIELDS)[number]]?: unknown };
  readonly ap: SnapshotApRules;
  readonly msrAp?: SnapshotApRules;
} & { readonly [L in SnapshotList]: readonly ({ readonly id: string } & Record<string, unknown>)[] };

const scalar = (value: unknown): Scalar => {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value.toISOString();
  return JSON.stringify(value);
};

const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Each list's keys (id and its fields) in sorted order: items built in that order need no sorting for their canonical text. */
const SORTED_KEYS = Object.fromEntries(SNAPSHOT_LISTS.map((list) => [list, ['id', ...SNAPSHOT_FIELDS[list]].sort()])) as Record<SnapshotList, string[]>;

/** A failure's keys with its MSR ratings, sorted. */
const SORTED_MSR_FAILURE_KEYS = [...SORTED_KEYS.failures, ...MSR_FAILURE_FIELDS].sort();

const hasMsrRatings = (row: Record<string, unknown>) => MSR_FAILURE_FIELDS.some((f) => row[f] !== null && row[f] !== undefined);

function pick(list: SnapshotList, row: { id: string } & Record<string, unknown>): SnapshotItem {
  const out: Record<string, unknown> = {};
  for (const field of list === 'failures' && hasMsrRatings(row) ? SORTED_MSR_FAILURE_KEYS : SORTED_KEYS[list]) {
    // a member's roles stay a list, sorted: [1, 0] and [0, 1] are one team role set
    out[field] = field === 'id' ? row.id : field === 'roles' ? [...((row[field] as number[] | undefined) ?? [])].sort((a, b) => a - b) : scalar(row[field]);
  }
  return out as SnapshotItem;
}

/** The canonical snapshot of the rows an analysis consists of. */
export function canonicalSnapshot(source: SnapshotSource): FmeaSnapshot {
  const project: Record<string, Scalar> = { id: source.project.id };
  for (const field of PROJECT_FIELDS) project[field] = scalar(source.project[field]);
  const lists = Object.fromEntries(SNAPSHOT_LISTS.map((list) => [list, source[list].map((row) => pick(list, row)).sort(byId)]));
  const rules = (set: SnapshotApRules): SnapshotApRules => ({ table: set.table, selection: set.selection, rules: set.rules.map((r) => Object.fromEntries(Object.keys(r).sort().map((k) => [k, scalar(r[k])]))) });
  return { format: SNAPSHOT_FORMAT, project: project as unknown as SnapshotProject, ap: rules(source.ap), ...(source.msrAp && { msrAp: rules(source.msrAp) }), ...lists } as FmeaSnapshot;
}

/** JSON with every object's keys sorted and no spaces: the text a baseline stores and hashes. */
export function canonicalJson(value: unknown): string {
  // JSON.stringify writes an object's keys in their order: once every object's keys are sorted, its text is the canonical text
  const sorted = sortedKeys(value ?? null);
  return sorted === UNSORTABLE ? writtenOut(value) : JSON.stringify(sorted);
}

/** The canonical text written out piece by piece: for what JSON.stringify cannot keep in order (see `sortedKeys`). */
function writtenOut(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(writtenOut).join(',')}]`;
  const keys = Object.keys(value as object)
    .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
    .sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${writtenOut((value as Record<string, unknown>)[k])}`).join(',')}}`;
}

const UNSORTABLE = Symbol('unsortable');
/** An array index as a key ("0", "12"): an object lists those first, whatever the order they were added in. */
const INDEX_KEY = /^(0|[1-9]\d*)$/;

/**
 * The value with every object's keys in sorted order, for JSON.stringify:
 * what is sorted already is kept, not copied (a snapshot's items are built
 * sorted), an object out of order is copied in order. UNSORTABLE when an
 * object has index keys or is no plain object (a Date): `writtenOut` then.
 */
function sortedKeys(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    let out: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const item = sortedKeys(value[i]);
      if (item === UNSORTABLE) return UNSORTABLE;
      if (item !== value[i]) (out ??= [...value])[i] = item;
    }
    return out ?? value;
  }
  if (Object.getPrototypeOf(value) !== Object.prototype) return UNSORTABLE;
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  let inOrder = true;
  for (let i = 0; i < keys.length; i++) {
    if (INDEX_KEY.test(keys[i]!)) return UNSORTABLE;
    if (i > 0 && keys[i - 1]! > keys[i]!) inOrder = false;
  }
  let out: Record<string, unknown> | undefined = inOrder ? undefined : {};
  for (const key of inOrder ? keys : [...keys].sort()) {
    const item = sortedKeys(record[key]);
    if (item === UNSORTABLE) return UNSORTABLE;
    if (out) out[key] = item;
    else if (item !== record[key]) {
      out = {};
      for (const k of keys) out[k] = record[k];
      out[key] = item;
    }
  }
  return out ?? value;
}

/** A stored baseline's content back as a snapshot; null when the text is not one (never thrown at a reader). */
export function parseSnapshot(text: string): FmeaSnapshot | null {
  try {
    const value = JSON.parse(text) as Partial<FmeaSnapshot>;
    if (!value || typeof value !== 'object' || value.format !== SNAPSHOT_FORMAT || !value.project) return null;
    for (const list of SNAPSHOT_LISTS) if (!Array.isArray(value[list])) return null;
    return value as FmeaSnapshot;
  } catch {
    return null;
  }
}

/** The engine's plain graph of a snapshot (ids, owners, order), for chain counts and the engine's rules. */
export function snapshotGraph(s: FmeaSnapshot): FmeaGraph {
  const num = (v: Scalar) => (typeof v === 'number' ? v : 0);
  return {
    nodes: s.nodes.map((n) => ({ id: n.id, parentId: (n.parentId as string | null) ?? null, nodeType: num(n.nodeType), sort: num(n.sort) })),
    functions: s.functions.map((f) => ({ id: f.id, nodeId: f.nodeId as string, sort: num(f.sort) })),
    functionLinks: s.functionLinks.map((l) => ({ id: l.id, higherId: l.higherFunctionId as string, lowerId: l.lowerFunctionId as string })),
    characteristics: s.characteristics.map((c) => ({ id: c.id, functionId: c.functionId as string })),
    interfaces: s.interfaces.map((i) => ({ id: i.id, firstNodeId: i.firstNodeId as string, secondNodeId: i.secondNodeId as string })),
    failures: s.failures.map((f) => ({ id: f.id, functionId: f.functionId as string, kind: f.kind as FailureKind, sort: num(f.sort) })),
    failureLinks: s.failureLinks.map((l) => ({ id: l.id, higherId: l.higherFailureId as string, lowerId: l.lowerFailureId as string })),
    controls: s.controls.map((c) => ({ id: c.id, causeId: c.causeId as string })),
    actions: s.actions.map((a) => ({ id: a.id, causeId: a.causeId as string })),
  };
}

/** Structure nodes and failure chains (effect × cause per mode, as the risk grid counts them). */
export function snapshotCounts(s: FmeaSnapshot): { nodes: number; chains: number } {
  return { nodes: s.nodes.length, chains: buildChains(indexGraph(snapshotGraph(s))).length };
}
