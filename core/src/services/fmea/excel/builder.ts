import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { fmeaAction, fmeaCharacteristic, fmeaControl, fmeaFailure, fmeaFailureLink, fmeaFunction, fmeaFunctionLink, fmeaInterface, fmeaNode } from '../../../db/schema/index.ts';
import type { Issue } from '../../../errors.ts';
import type { AnyControlKind, CharacteristicClass, FailureKind } from '../../../domain/fmea/index.ts';
import type { CharacteristicKind, FunctionScope, WorkElementType } from '../../../domain/pfmea/index.ts';
import type { AnalysisImport } from '../import-plan.ts';

type Lists = Required<AnalysisImport>;
export type ListName = keyof Lists;
type Action = Lists['actions'][number];
/** A failure's ratings and figures as the import takes them (S, O, D, the frequency ratio and FMEA-MSR's fields). */
type Ratings = Omit<NonNullable<AnalysisImport['failures']>[number], 'key' | 'functionKey' | 'kind' | 'description'>;
/**
 * A PFMEA's process fields as the sheet gives them (codes, else left out).
 * They are passed on as written: the engine's process rules check them (a
 * 4M type that is none, a number on a work element) and the issue comes back
 * at the row that gave it.
 */
export interface NodeProcess {
  processNo?: string;
  workElementType?: string;
}
export interface CharacteristicProcess {
  characteristicKind?: string;
  customerClass?: string;
}
const given = (value: string | undefined) => (value === undefined || value === '' ? undefined : value);

/** Where an item came from: a row of the sheet read (the chain sheet), or of another sheet of the workbook, named. */
export interface Origin {
  row: number;
  sheet?: string;
}
/** A row of the sheet read, or an origin. */
export type At = number | Origin;
const origin = (at: At): Origin => (typeof at === 'number' ? { row: at } : at);
/** The issue's place: its row and, for a row of another sheet, the sheet (the row prefix names it). */
export const placed = (issue: Issue, at: At): Issue => {
  const o = origin(at);
  return o.sheet === undefined ? { ...issue, row: o.row } : { ...issue, row: o.row, params: { ...issue.params, sheet: o.sheet } };
};
const RATING_FIELDS = [
  ['severity', 'S'],
  ['occurrence', 'O'],
  ['detection', 'D'],
] as const;

/**
 * Turns spreadsheet rows into one `importAnalysis` input. Items are matched
 * by description under their parent (within the file, and against the
 * project's analysis when `existing` is loaded: the dedupe mode), so every
 * item goes in once. Each item remembers the sheet row it came from, so the
 * engine's issues can be reported by sheet row.
 */
export class AnalysisBuilder {
  readonly input: Lists = { nodes: [], functions: [], characteristics: [], interfaces: [], failures: [], functionLinks: [], failureLinks: [], controls: [], actions: [] };
  readonly origins: Record<ListName, Origin[]> = { nodes: [], functions: [], characteristics: [], interfaces: [], failures: [], functionLinks: [], failureLinks: [], controls: [], actions: [] };
  private readonly refs = new Map<string, string>();
  private readonly natural = new Map<string, string>();
  private readonly seen = new Set<string>();
  /** What the project holds already (dedupe mode): a row of an analysis sheet is checked against this only, so two equal items of the file both go in. */
  private readonly existing = new Set<string>();
  private next = 0;
  private readonly failureIndex = new Map<string, number>();
  /** Rows that rate a failure of an earlier row differently. */
  readonly conflicts: Issue[] = [];

  constructor(readonly rootRef: string) {}

  /** Loads the project's analysis so matching items are reused, not added again (dedupe). */
  static async withExisting(db: DbOrTx, projectId: string): Promise<AnalysisBuilder> {
    const root = await db.select({ id: fmeaNode.id }).from(fmeaNode).where(and(eq(fmeaNode.projectId, projectId), isNull(fmeaNode.parentId))).get();
    const b = new AnalysisBuilder(root?.id ?? '@root');
    for (const n of await db.select().from(fmeaNode).where(eq(fmeaNode.projectId, projectId))) if (n.parentId) b.natural.set(`node|${n.parentId}|${n.name}`, n.id);
    const functions = await db.select().from(fmeaFunction).where(eq(fmeaFunction.projectId, projectId));
    const characteristics = await db.select().from(fmeaCharacteristic).where(eq(fmeaCharacteristic.projectId, projectId));
    // a legacy sheet's classified mode has a function of its own (`fn`'s variant): found again by its special characteristic,
    // while the function's plain text finds the one without (else the first)
    const specials = new Map<string, string[]>();
    for (const c of characteristics) if (c.special) (specials.get(c.functionId) ?? specials.set(c.functionId, []).get(c.functionId)!).push(c.name);
    for (const f of functions) {
      for (const name of specials.get(f.id) ?? []) b.natural.set(`fn|${f.nodeId}|${f.description}|class:${name}`, f.id);
      const plain = `fn|${f.nodeId}|${f.description}`;
      if (!specials.has(f.id) || !b.natural.has(plain)) b.natural.set(plain, f.id);
    }
    for (const f of await db.select().from(fmeaFailure).where(eq(fmeaFailure.projectId, projectId))) b.natural.set(`failure|${f.functionId}|${f.kind}|${f.description}`, f.id);
    const known = (key: string) => {
      b.seen.add(key);
      b.existing.add(key);
    };
    for (const l of await db.select().from(fmeaFailureLink).where(eq(fmeaFailureLink.projectId, projectId))) known(`fl|${l.higherFailureId}|${l.lowerFailureId}`);
    for (const l of await db.select().from(fmeaFunctionLink).where(eq(fmeaFunctionLink.projectId, projectId))) known(`fnl|${l.higherFunctionId}|${l.lowerFunctionId}`);
    for (const c of await db.select().from(fmeaControl).where(eq(fmeaControl.projectId, projectId))) known(`ctl|${c.causeId}|${c.kind}|${c.description}`);
    for (const a of await db.select().from(fmeaAction).where(eq(fmeaAction.projectId, projectId))) known(`act|${a.causeId}|${a.description}`);
    for (const c of characteristics) known(`chr|${c.functionId}|${c.name}`);
    for (const i of await db.select().from(fmeaInterface).where(eq(fmeaInterface.projectId, projectId))) known(`if|${i.firstNodeId}|${i.secondNodeId}|${i.interfaceType}|${i.description ?? ''}`);
    return b;
  }

  private item(identity: string, naturalKey: string, add: (key: string) => void): string {
    const known = this.refs.get(identity) ?? this.natural.get(naturalKey);
    if (known !== undefined) {
      this.refs.set(identity, known);
      return known;
    }
    const key = `x${++this.next}`;
    this.refs.set(identity, key);
    this.natural.set(naturalKey, key);
    add(key);
    return key;
  }

  /**
   * Not in the project and not yet given by a chain row. `each`: a row of an
   * analysis sheet, one item per row, so two equal rows are two items (they
   * are not remembered).
   */
  private once(key: string, each = false): boolean {
    if (this.existing.has(key) || this.seen.has(key)) return false;
    if (!each) this.seen.add(key);
    return true;
  }

  node(identity: string, parentRef: string, name: string, at: At, nodeType?: number, process: NodeProcess = {}): string {
    if (identity === '@root') return this.rootRef;
    return this.item(`node#${identity}`, `node|${parentRef}|${name}`, (key) => {
      const processNo = given(process.processNo);
      const workElementType = given(process.workElementType) as WorkElementType | undefined;
      this.input.nodes.push({ key, parentKey: parentRef, name, ...(nodeType !== undefined && { nodeType }), ...(processNo && { processNo }), ...(workElementType && { workElementType }) });
      this.origins.nodes.push(origin(at));
    });
  }

  /** `variant`: a legacy sheet's class, giving a classified mode a function of its own beside the plain one of the same text. */
  fn(identity: string, nodeRef: string, description: string, requirement: string | null, at: At, functionScope?: string, variant?: string): string {
    return this.item(`fn#${identity}`, `fn|${nodeRef}|${description}${variant ? `|class:${variant}` : ''}`, (key) => {
      const scope = given(functionScope) as FunctionScope | undefined;
      this.input.functions.push({ key, nodeKey: nodeRef, description, requirement, ...(scope && { functionScope: scope }) });
      this.origins.functions.push(origin(at));
    });
  }

  failure(identity: string, functionRef: string, kind: FailureKind, description: string, ratings: Ratings, at: At): string {
    const row = origin(at).row;
    const key = this.item(`failure#${kind}#${identity}`, `failure|${functionRef}|${kind}|${description}`, (key) => {
      this.input.failures.push({ key, functionKey: functionRef, kind, description, ...ratings });
      this.origins.failures.push(origin(at));
      this.failureIndex.set(key, this.input.failures.length - 1);
    });
    // The same failure again (a cause under two modes, an effect of two modes): its ratings must agree, a blank one takes the other.
    const index = this.failureIndex.get(key);
    const first = index === undefined ? undefined : this.input.failures[index];
    if (first) {
      for (const [field, label] of RATING_FIELDS) {
        const value = ratings[field];
        if (value === null || value === undefined) continue;
        if (first[field] === null || first[field] === undefined) first[field] = value;
        else if (first[field] !== value) {
          this.conflicts.push({ messageKey: 'fmeaExcel.rating_conflict', row, field: label, params: { field: label, value, first: first[field], firstRow: this.origins.failures[index!]!.row, description } });
        }
      }
    }
    return key;
  }

  failureLink(higher: string, lower: string, at: At): void {
    if (!this.once(`fl|${higher}|${lower}`)) return;
    this.input.failureLinks.push({ higherKey: higher, lowerKey: lower });
    this.origins.failureLinks.push(origin(at));
  }

  functionLink(higher: string, lower: string, at: At): void {
    if (!this.once(`fnl|${higher}|${lower}`)) return;
    this.input.functionLinks.push({ higherKey: higher, lowerKey: lower });
    this.origins.functionLinks.push(origin(at));
  }

  control(causeRef: string, kind: AnyControlKind, description: string, at: At, each = false): void {
    if (!this.once(`ctl|${causeRef}|${kind}|${description}`, each)) return;
    this.input.controls.push({ causeKey: causeRef, kind, description });
    this.origins.controls.push(origin(at));
  }

  action(action: Action, at: At, each = false): void {
    if (!this.once(`act|${action.causeKey}|${action.description}`, each)) return;
    this.input.actions.push(action);
    this.origins.actions.push(origin(at));
  }

  characteristic(functionRef: string, name: string, characteristicClass: CharacteristicClass, special: boolean, at: At, each = false, process: CharacteristicProcess = {}): void {
    if (!this.once(`chr|${functionRef}|${name}`, each)) return;
    const characteristicKind = given(process.characteristicKind) as CharacteristicKind | undefined;
    const customerClass = given(process.customerClass);
    this.input.characteristics.push({ functionKey: functionRef, name, characteristicClass, special, ...(characteristicKind && { characteristicKind }), ...(customerClass && { customerClass }) });
    this.origins.characteristics.push(origin(at));
  }

  interface(firstRef: string, secondRef: string, interfaceType: number, description: string | null, at: At): void {
    if (!this.once(`if|${firstRef}|${secondRef}|${interfaceType}|${description ?? ''}`, true)) return;
    this.input.interfaces.push({ firstNodeKey: firstRef, secondNodeKey: secondRef, interfaceType, description });
    this.origins.interfaces.push(origin(at));
  }

  /** The engine's issues (row = 1-based item of a list) with the sheet row each item came from (and its sheet when not the one read). */
  sheetIssues(issues: readonly Issue[]): Issue[] {
    return issues.map((issue) => {
      const list = (issue.params?.list ?? String(issue.field ?? '').split('.')[0]) as ListName;
      const from = issue.row !== undefined ? this.origins[list]?.[issue.row - 1] : undefined;
      return from ? placed(issue, from) : { ...issue, row: undefined };
    });
  }
}
