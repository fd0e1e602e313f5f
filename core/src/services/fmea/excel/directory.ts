import type { FailureKind } from '../../../domain/fmea/index.ts';
import type { Issue } from '../../../errors.ts';
import { placed, type AnalysisBuilder, type Origin } from './builder.ts';

/**
 * The workbook's keyed items (elements, functions, failures), as every row
 * that names one describes it: the analysis sheets first, then the chain
 * sheet. The first row to describe a key defines the item; every other row
 * must say the same (a blank requirement, rating or ratio takes the value
 * given elsewhere), or it is a conflict at that row naming the first one, so
 * an edit made in one place only is never dropped in silence. Items are made
 * in the builder on first use, parents first.
 */
export interface NodeDef {
  parentKey: string;
  name: string;
  nodeType?: number;
  /** PFMEA: a step's number, a work element's 4M type (codes; empty: none given). */
  processNo?: string;
  workElementType?: string;
}
export interface FunctionDef {
  elementKey: string;
  description: string;
  requirement: string;
  /** PFMEA: whose function the process item's is (empty: none given). */
  functionScope?: string;
}
export interface FailureDef {
  functionKey: string;
  description: string;
  severity: number | null;
  occurrence: number | null;
  detection: number | null;
  frequencyRatio: number | null;
  /** FMEA-MSR on a cause: only the failures sheet of a project with the MSR steps has these. */
  msrFrequency?: number | null;
  msrMonitoring?: number | null;
  msrSeverity?: number | null;
  msrEffect?: string | null;
}

/** The column each field stands in, in the row that says it (for the message). */
export type Columns<T> = { readonly [K in keyof T]?: string };

interface Entry<T> {
  values: T;
  origin: Origin;
}

/** Fields where a blank takes the value another row gives. */
const OPTIONAL = new Set(['requirement', 'nodeType', 'severity', 'occurrence', 'detection', 'frequencyRatio', 'processNo', 'workElementType', 'functionScope', 'msrFrequency', 'msrMonitoring', 'msrSeverity', 'msrEffect']);
const RATINGS = new Set(['severity', 'occurrence', 'detection', 'msrFrequency', 'msrMonitoring', 'msrSeverity']);

export class Directory {
  readonly issues: Issue[] = [];
  private readonly nodes = new Map<string, Entry<NodeDef>>();
  private readonly functions = new Map<string, Entry<FunctionDef>>();
  private readonly failures = new Map<string, Entry<FailureDef>>();
  private root: Entry<{ name: string }> | undefined;
  private readonly made = new Map<string, string>();

  /** `sheetRead`: the chain sheet's name, for conflicts with one of its rows. */
  constructor(
    private readonly b: AnalysisBuilder,
    private readonly sheetRead: string,
  ) {}

  /** `id`: the key in `map` (a failure's with its kind); `key`: as the workbook writes it. */
  private define<T extends object>(map: Map<string, Entry<T>>, id: string, key: string, values: T, origin: Origin, columns: Columns<T>, label: string): void {
    const first = map.get(id);
    if (!first) {
      map.set(id, { values: { ...values }, origin });
      return;
    }
    for (const field of Object.keys(values) as (keyof T & string)[]) {
      const next = values[field];
      const had = first.values[field];
      if (next === had || ((next === null || next === undefined || next === '') && OPTIONAL.has(field))) continue;
      if ((had === null || had === undefined || had === '') && OPTIONAL.has(field)) {
        first.values[field] = next;
        continue;
      }
      const column = columns[field] ?? field;
      const firstSheet = first.origin.sheet ?? this.sheetRead;
      if (RATINGS.has(field)) {
        const sameSheet = first.origin.sheet === origin.sheet;
        const params = { field: column, value: next as number, first: had as number, firstRow: first.origin.row, description: label };
        this.issues.push(placed({ messageKey: sameSheet ? 'fmeaExcel.rating_conflict' : 'fmeaExcel.rating_conflict_sheet', field: column, params: sameSheet ? params : { ...params, firstSheet } }, origin));
      } else {
        const params = { key, field: column, value: String(next ?? ''), first: String(had ?? ''), firstSheet, firstRow: first.origin.row };
        this.issues.push(placed({ messageKey: 'fmeaExcel.key_conflict', field: column, params }, origin));
      }
    }
  }

  /** The product: its name where a row gives it (the structure sheet's '@root' row, or a chain's element). */
  defineRoot(name: string, origin: Origin, column: string): void {
    if (!name) return;
    if (!this.root) this.root = { values: { name }, origin };
    else if (this.root.values.name !== name) {
      const params = { key: '@root', field: column, value: name, first: this.root.values.name, firstSheet: this.root.origin.sheet ?? this.sheetRead, firstRow: this.root.origin.row };
      this.issues.push(placed({ messageKey: 'fmeaExcel.key_conflict', field: column, params }, origin));
    }
  }

  defineNode(key: string, values: NodeDef, origin: Origin, columns: Columns<NodeDef>): void {
    if (key === '@root') this.defineRoot(values.name, origin, columns.name ?? 'name');
    else this.define(this.nodes, key, key, values, origin, columns, values.name);
  }

  defineFunction(key: string, values: FunctionDef, origin: Origin, columns: Columns<FunctionDef>): void {
    this.define(this.functions, key, key, values, origin, columns, values.description);
  }

  defineFailure(kind: FailureKind, key: string, values: FailureDef, origin: Origin, columns: Columns<FailureDef>): void {
    this.define(this.failures, `${kind}#${key}`, key, values, origin, columns, values.description);
  }

  /** The product's name as the workbook gives it, if it does. */
  get rootName(): string | undefined {
    return this.root?.values.name;
  }

  /** The sheet that defined the key (undefined: the chain sheet, or not defined). */
  definedIn(list: 'node' | 'function' | 'failure', key: string, kind?: FailureKind): string | undefined {
    const map = list === 'node' ? this.nodes : list === 'function' ? this.functions : this.failures;
    return (map as Map<string, Entry<unknown>>).get(list === 'failure' ? `${kind}#${key}` : key)?.origin.sheet;
  }

  /** The item's own text (element name, function or failure description), for the reading columns of the analysis sheets. */
  text(list: 'node' | 'function' | 'failure', key: string, kind?: FailureKind): string | undefined {
    if (list === 'node') return key === '@root' ? this.rootName : this.nodes.get(key)?.values.name;
    if (list === 'function') return this.functions.get(key)?.values.description;
    return this.failures.get(`${kind}#${key}`)?.values.description;
  }

  private unknown(messageKey: string, field: string, key: string, at: Origin): undefined {
    this.issues.push(placed({ messageKey, field, params: { key, field } }, at));
    return undefined;
  }

  /** The builder's ref of an element (made with its parents on first use); an unknown key or a parent cycle is an issue at `at`. */
  node(key: string, at: Origin, field: string, trail: readonly string[] = []): string | undefined {
    if (key === '@root') return this.b.rootRef;
    const made = this.made.get(`node#${key}`);
    if (made !== undefined) return made;
    const entry = this.nodes.get(key);
    if (!entry || trail.includes(key)) return this.unknown(trail.length > 0 ? 'fmeaExcel.unknown_parent' : 'fmeaExcel.key_unknown', field, key, at);
    const parent = this.node(entry.values.parentKey, entry.origin, 'parentKey', [...trail, key]);
    if (parent === undefined) return undefined;
    const { name, nodeType, processNo, workElementType } = entry.values;
    const ref = this.b.node(key, parent, name, entry.origin, nodeType, { processNo, workElementType });
    this.made.set(`node#${key}`, ref);
    return ref;
  }

  fn(key: string, at: Origin, field: string): string | undefined {
    const made = this.made.get(`fn#${key}`);
    if (made !== undefined) return made;
    const entry = this.functions.get(key);
    if (!entry) return this.unknown('fmeaExcel.key_unknown', field, key, at);
    const node = this.node(entry.values.elementKey, entry.origin, 'elementKey');
    if (node === undefined) return undefined;
    const ref = this.b.fn(key, node, entry.values.description, entry.values.requirement || null, entry.origin, entry.values.functionScope);
    this.made.set(`fn#${key}`, ref);
    return ref;
  }

  failure(kind: FailureKind, key: string, at: Origin, field: string): string | undefined {
    const id = `${kind}#${key}`;
    const made = this.made.get(`failure#${id}`);
    if (made !== undefined) return made;
    const entry = this.failures.get(id);
    if (!entry) return this.unknown('fmeaExcel.key_unknown', field, key, at);
    const fn = this.fn(entry.values.functionKey, entry.origin, 'functionKey');
    if (fn === undefined) return undefined;
    const { severity, occurrence, detection, frequencyRatio, description, msrFrequency, msrMonitoring, msrSeverity, msrEffect } = entry.values;
    const msr = { msrFrequency, msrMonitoring, msrSeverity, msrEffect };
    const ref = this.b.failure(key, fn, kind, description, { severity, occurrence, detection, frequencyRatio, ...msr }, entry.origin);
    this.made.set(`failure#${id}`, ref);
    return ref;
  }
}
