import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { fmeaFailure, fmeaFailureLink, fmeaFunction, fmeaNode, fmecaInput } from '../../db/schema/index.ts';
import {
  cmProblems,
  criticalityMatrix,
  itemCriticalities,
  placeMode,
  type CmInput,
  type CriticalityMatrix,
  type FmecaMode,
  type PlacedMode,
} from '../../domain/fmeca/index.ts';
import { failureOrder, indexGraph } from '../../domain/fmea/index.ts';
import { InvalidInputError, type Issue } from '../../errors.ts';
import type { ServiceContext } from '../shared/context.ts';
import { assertProjectEditable, assertVersion, created, nextVersion, openableProject, updatedOrStale } from '../fmea/access.ts';
import { writeAndLog } from '../shared/write.ts';
import { fmedaRatesOf, type FmedaRates } from './fmeda-rates.ts';

/**
 * FMECA of a project's failure net (docs/domain/fmeca.md): the qualitative
 * criticality matrix from the ratings the analysis holds, and the quantitative
 * Cm/Cr from inputs given with the call. λp is asked in FIT (1e-9 per hour, as
 * the FMEDA writes it) and t in hours; β and t are typed. λp and α are typed
 * or, where nothing is typed, the FMEDA's (the element's FIT, the mode's
 * distribution share: fmeda-rates.ts); α then defaults to the mode's frequency
 * ratio (its share of the function's failures). The typed inputs are stored
 * per item and mode (fmeca_input, saveFmecaInputs); each figure says where it
 * came from.
 */

export interface FmecaInputs {
  /** Per item (structure element): its failure rate λp in FIT and its operating time t in hours. */
  readonly items?: readonly { readonly nodeId: string; readonly lambdaFit?: number | null; readonly hours?: number | null }[];
  /** Per failure mode: β, and α where it is not the mode's frequency ratio. */
  readonly modes?: readonly { readonly modeId: string; readonly beta?: number | null; readonly alpha?: number | null }[];
}

/**
 * The inputs a save gives, each with the version of its stored row as it was
 * read (`FmecaReport`'s `inputVersion`, 0 where none is stored): a row saved
 * by someone else since is refused as stale, as every other save is.
 */
export interface FmecaInputsToSave {
  readonly items?: readonly { readonly nodeId: string; readonly version: number; readonly lambdaFit?: number | null; readonly hours?: number | null }[];
  readonly modes?: readonly { readonly modeId: string; readonly version: number; readonly beta?: number | null; readonly alpha?: number | null }[];
}

/** Where a figure came from: typed (given or stored), an FMEDA's row (its FM number), or the default (α: the mode's frequency ratio). */
export interface FmecaSource {
  readonly kind: 'typed' | 'fmeda' | 'default';
  readonly fmedaNum: string | null;
}
const TYPED: FmecaSource = { kind: 'typed', fmedaNum: null };
const DEFAULT: FmecaSource = { kind: 'default', fmedaNum: null };
const fromFmeda = (fmedaNum: string): FmecaSource => ({ kind: 'fmeda', fmedaNum });

export interface FmecaModeRow extends PlacedMode {
  readonly itemId: string;
  readonly beta: number | null;
  readonly alpha: number | null;
  readonly lambdaFit: number | null;
  readonly hours: number | null;
  readonly cm: number | null;
  /** Where α and its item's λp came from; null while there is none. */
  readonly alphaSource: FmecaSource | null;
  readonly lambdaSource: FmecaSource | null;
  /** The version of the mode's stored β/α row, 0 while none is stored (what a save of β or α gives back). */
  readonly inputVersion: number;
  /** The version of its item's stored λp/t row, 0 while none is stored (what a save of λp or t gives back). */
  readonly itemInputVersion: number;
}

export interface FmecaReport {
  readonly serialNum: string;
  readonly matrix: CriticalityMatrix;
  /** Every failure mode in structure order, with its place in the matrix and its Cm. */
  readonly modes: readonly FmecaModeRow[];
  /** Each item with modes: its name, λp, t and Cr = Σ Cm. */
  readonly items: readonly { readonly itemId: string; readonly itemName: string; readonly lambdaFit: number | null; readonly lambdaSource: FmecaSource | null; readonly hours: number | null; readonly cr: number | null; readonly inputVersion: number }[];
}

/** The failure modes of a project as the criticality analysis reads them, in structure order, with their frequency ratios. */
export async function fmecaModes(db: DbOrTx, projectId: string): Promise<(FmecaMode & { readonly frequencyRatio: number | null })[]> {
  const [nodes, functions, failures, links] = await Promise.all([
    db.select({ id: fmeaNode.id, parentId: fmeaNode.parentId, nodeType: fmeaNode.nodeType, name: fmeaNode.name, sort: fmeaNode.sort }).from(fmeaNode).where(eq(fmeaNode.projectId, projectId)),
    db.select({ id: fmeaFunction.id, nodeId: fmeaFunction.nodeId, sort: fmeaFunction.sort }).from(fmeaFunction).where(eq(fmeaFunction.projectId, projectId)),
    db
      .select({ id: fmeaFailure.id, functionId: fmeaFailure.functionId, kind: fmeaFailure.kind, description: fmeaFailure.description, severity: fmeaFailure.severity, occurrence: fmeaFailure.occurrence, frequencyRatio: fmeaFailure.frequencyRatio, sort: fmeaFailure.sort })
      .from(fmeaFailure)
      .where(eq(fmeaFailure.projectId, projectId)),
    db.select({ higher: fmeaFailureLink.higherFailureId, lower: fmeaFailureLink.lowerFailureId }).from(fmeaFailureLink).where(eq(fmeaFailureLink.projectId, projectId)),
  ]);
  const failure = new Map(failures.map((f) => [f.id, f]));
  const node = new Map(nodes.map((n) => [n.id, n]));
  const fn = new Map(functions.map((f) => [f.id, f]));
  const index = indexGraph({ nodes, functions, functionLinks: [], characteristics: [], interfaces: [], failures, failureLinks: [], controls: [], actions: [] });
  const ends = (id: string, side: 'higher' | 'lower', kind: 'FE' | 'FC') =>
    links
      .filter((l) => (side === 'higher' ? l.lower === id : l.higher === id))
      .map((l) => failure.get(side === 'higher' ? l.higher : l.lower))
      .filter((f): f is NonNullable<typeof f> => f?.kind === kind);
  return failures
    .filter((f) => f.kind === 'FM')
    .sort(failureOrder(index))
    .map((m) => {
      const item = node.get(fn.get(m.functionId)?.nodeId ?? '');
      return {
        id: m.id,
        name: m.description,
        itemId: item?.id ?? '',
        itemName: item?.name ?? '',
        severities: ends(m.id, 'higher', 'FE').map((e) => e.severity),
        occurrences: ends(m.id, 'lower', 'FC').map((c) => c.occurrence),
        frequencyRatio: m.frequencyRatio,
      };
    });
}

const num = (v: number | null | undefined) => (v === undefined ? null : v);

/** Stored inputs overlaid by given ones: a given item or mode replaces its stored values field by field; given ones first, in their order (issues name them by it). */
function overlay(stored: FmecaInputs, given: FmecaInputs): FmecaInputs {
  const storedItems = new Map((stored.items ?? []).map((i) => [i.nodeId, i]));
  const storedModes = new Map((stored.modes ?? []).map((m) => [m.modeId, m]));
  const givenItems = new Set((given.items ?? []).map((i) => i.nodeId));
  const givenModes = new Set((given.modes ?? []).map((m) => m.modeId));
  return {
    items: [...(given.items ?? []).map((i) => ({ ...storedItems.get(i.nodeId), ...i })), ...(stored.items ?? []).filter((i) => !givenItems.has(i.nodeId))],
    modes: [...(given.modes ?? []).map((m) => ({ ...storedModes.get(m.modeId), ...m })), ...(stored.modes ?? []).filter((m) => !givenModes.has(m.modeId))],
  };
}

type InputRow = typeof fmecaInput.$inferSelect;
const holdsValues = (r: InputRow) => [r.lambdaFit, r.hours, r.beta, r.alpha].some((v) => v !== null);

/** The inputs of stored rows (a row whose values were all cleared stays, for its version, and gives none). */
function inputsOf(rows: readonly InputRow[]): FmecaInputs {
  const kept = rows.filter(holdsValues);
  return {
    items: kept.filter((r) => r.nodeId !== null).map((r) => ({ nodeId: r.nodeId!, lambdaFit: r.lambdaFit, hours: r.hours })),
    modes: kept.filter((r) => r.modeId !== null).map((r) => ({ modeId: r.modeId!, beta: r.beta, ...(r.alpha !== null && { alpha: r.alpha }) })),
  };
}

/** The project's stored inputs (fmeca_input). */
export async function storedFmecaInputs(db: DbOrTx, projectId: string): Promise<FmecaInputs> {
  return inputsOf(await db.select().from(fmecaInput).where(eq(fmecaInput.projectId, projectId)));
}

const NO_RATES: FmedaRates = { items: new Map(), modes: new Map() };

/** λp in FIT and α of each item and mode as used: typed first, then the FMEDA's, then (α) the frequency ratio; each with its source. */
export interface UsedFigures {
  readonly lambda: ReadonlyMap<string, { readonly value: number | null; readonly source: FmecaSource | null }>;
  readonly alpha: ReadonlyMap<string, { readonly value: number | null; readonly source: FmecaSource | null }>;
}

/**
 * The Cm inputs of every mode and the issues of the inputs (each by its field:
 * items.N.lambdaFit, modes.N.beta …). An item's α adding up to more than 1 is
 * refused only where this call gives an α of it (`given`): figures the FMEDA or
 * the ratios changed since a save do not make the FMECA unreadable.
 */
function cmInputsOf(
  modes: Awaited<ReturnType<typeof fmecaModes>>,
  inputs: FmecaInputs,
  rates: FmedaRates = NO_RATES,
  given: FmecaInputs = inputs,
): { cmInputs: CmInput[]; issues: Issue[]; itemInput: Map<string, NonNullable<FmecaInputs['items']>[number]>; used: UsedFigures } {
  const modeIds = new Set(modes.map((m) => m.id));
  const itemIds = new Set(modes.map((m) => m.itemId));
  const issues: Issue[] = [];
  (inputs.items ?? []).forEach((i, n) => {
    if (!itemIds.has(i.nodeId)) issues.push({ messageKey: 'fmeca.item_unknown', field: `items.${n}.nodeId`, params: { field: `items.${n}.nodeId`, value: i.nodeId } });
  });
  (inputs.modes ?? []).forEach((m, n) => {
    if (!modeIds.has(m.modeId)) issues.push({ messageKey: 'fmeca.mode_unknown', field: `modes.${n}.modeId`, params: { field: `modes.${n}.modeId`, value: m.modeId } });
  });
  const itemInput = new Map((inputs.items ?? []).map((i, n) => [i.nodeId, { ...i, n }]));
  const modeInput = new Map((inputs.modes ?? []).map((m, n) => [m.modeId, { ...m, n }]));
  const lambda = new Map<string, { value: number | null; source: FmecaSource | null }>();
  const alphaUsed = new Map<string, { value: number | null; source: FmecaSource | null }>();
  const cmInputs: CmInput[] = modes.map((m) => {
    const item = itemInput.get(m.itemId);
    const typed = modeInput.get(m.id);
    if (!lambda.has(m.itemId)) {
      const fmeda = rates.items.get(m.itemId);
      const typedFit = num(item?.lambdaFit);
      lambda.set(m.itemId, typedFit !== null ? { value: typedFit, source: TYPED } : fmeda?.lambdaFit != null ? { value: fmeda.lambdaFit, source: fromFmeda(fmeda.fmedaNum) } : { value: null, source: null });
    }
    const lambdaFit = lambda.get(m.itemId)!.value;
    const fmedaAlpha = rates.modes.get(m.id);
    const alpha =
      typed?.alpha !== undefined && typed.alpha !== null
        ? { value: typed.alpha, source: TYPED }
        : fmedaAlpha
          ? { value: fmedaAlpha.alpha, source: fromFmeda(fmedaAlpha.fmedaNum) }
          : { value: m.frequencyRatio, source: m.frequencyRatio === null ? null : DEFAULT };
    alphaUsed.set(m.id, alpha);
    return {
      modeId: m.id,
      itemId: m.itemId,
      beta: num(typed?.beta),
      alpha: alpha.value,
      // FIT → per hour; a negative or non-finite value stays as it is, so the check below names it
      lambdaP: lambdaFit === null ? null : Number.isFinite(lambdaFit) && lambdaFit >= 0 ? lambdaFit * 1e-9 : lambdaFit,
      hours: num(item?.hours),
    };
  });
  const names = new Map(modes.map((m) => [m.itemId, m.itemName]));
  const itemOfMode = new Map(modes.map((m) => [m.id, m.itemId]));
  const alphaGiven = new Set((given.modes ?? []).filter((m) => m.alpha !== undefined && m.alpha !== null).map((m) => itemOfMode.get(m.modeId)));
  for (const p of cmProblems(cmInputs)) {
    if (p.field === 'alphaSum') {
      if (!alphaGiven.has(p.itemId)) continue;
      issues.push({ messageKey: 'fmeca.alpha_sum', field: 'alpha', params: { field: 'alpha', item: names.get(p.itemId) ?? '', sum: Number(p.value.toFixed(4)) } });
      continue;
    }
    const byMode = p.field === 'beta' || p.field === 'alpha';
    const n = byMode ? modeInput.get(p.modeId)?.n : itemInput.get(p.itemId)?.n;
    const field = p.field === 'lambdaP' ? 'lambdaFit' : p.field;
    const path = n === undefined ? field : `${byMode ? 'modes' : 'items'}.${n}.${field}`;
    const value = p.field === 'lambdaP' ? (itemInput.get(p.itemId)?.lambdaFit ?? p.value) : p.value;
    issues.push({ messageKey: byMode ? 'fmeca.ratio_out_of_range' : 'fmeca.value_negative', field: path, params: { field: path, value: String(value) } });
  }
  // one issue per place: an item's λp or t is checked once per mode it has
  return { cmInputs, issues: [...new Map(issues.map((i) => [`${i.messageKey}|${i.field}`, i])).values()], itemInput, used: { lambda, alpha: alphaUsed } };
}

const refuse = (issues: Issue[]) => {
  if (issues.length > 0) throw new InvalidInputError('fmeca.inputs_invalid', { count: issues.length }, issues);
};

/**
 * The FMECA of a project (qualitative and quantitative) for whoever may open
 * it, from its stored inputs; `preview` overlays inputs not saved (the
 * workbench's live figures, the CLI's --inputs). Bad inputs are refused naming each.
 */
export async function readFmeca(ctx: ServiceContext, projectId: string, preview: FmecaInputs = {}): Promise<FmecaReport> {
  const { project } = await openableProject(ctx.db, ctx.actor, projectId, ctx.now());
  const [modes, rows, rates] = await Promise.all([
    fmecaModes(ctx.db, projectId),
    ctx.db.select().from(fmecaInput).where(eq(fmecaInput.projectId, projectId)),
    fmedaRatesOf(ctx.db, ctx.actor, ctx.now(), projectId),
  ]);
  const versionOf = new Map(rows.map((r) => [(r.nodeId ?? r.modeId)!, r.version]));
  const { cmInputs, issues, itemInput, used } = cmInputsOf(modes, overlay(inputsOf(rows), preview), rates, preview);
  refuse(issues);
  const names = new Map(modes.map((m) => [m.itemId, m.itemName]));
  const results = itemCriticalities(cmInputs);
  const cmOf = new Map(results.flatMap((r) => r.modes.map((m) => [m.modeId, m] as const)));
  return {
    serialNum: project.serialNum,
    matrix: criticalityMatrix(modes),
    modes: modes.map((m) => {
      const r = cmOf.get(m.id)!;
      const lambda = used.lambda.get(m.itemId)!;
      return {
        ...placeMode(m),
        itemId: m.itemId,
        beta: r.beta,
        alpha: r.alpha,
        lambdaFit: lambda.value,
        hours: r.hours,
        cm: r.cm,
        alphaSource: used.alpha.get(m.id)!.source,
        lambdaSource: lambda.source,
        inputVersion: versionOf.get(m.id) ?? 0, itemInputVersion: versionOf.get(m.itemId) ?? 0 };
    }),
    items: results.map((r) => ({
      itemId: r.itemId,
      itemName: names.get(r.itemId) ?? '',
      lambdaFit: used.lambda.get(r.itemId)!.value,
      lambdaSource: used.lambda.get(r.itemId)!.source,
      hours: num(itemInput.get(r.itemId)?.hours),
      cr: r.cr,
      inputVersion: versionOf.get(r.itemId) ?? 0,
    })),
  };
}

/**
 * Saves the inputs given (per item λp and t, per mode β and α; null clears a
 * value), checked as readFmeca checks them, for an editor of the project;
 * answers the FMECA as it is now. Each item or mode carries the version of its
 * stored row as read (0: none yet): one saved since is refused as stale
 * (`fmea.stale_version`) and nothing is written. A row whose values are all
 * cleared is kept with none, so its version goes on (a row deleted and
 * written again would start again at the version a stale reader holds).
 */
export async function saveFmecaInputs(ctx: ServiceContext, projectId: string, inputs: FmecaInputsToSave): Promise<FmecaReport> {
  await writeAndLog(ctx, async (tx, txCtx) => {
    await assertProjectEditable(tx, ctx.actor, projectId, ctx.now(), 'edit');
    const [modes, rows, rates] = await Promise.all([fmecaModes(tx, projectId), tx.select().from(fmecaInput).where(eq(fmecaInput.projectId, projectId)), fmedaRatesOf(tx, ctx.actor, ctx.now(), projectId)]);
    const stored = inputsOf(rows);
    refuse(cmInputsOf(modes, overlay(stored, inputs), rates, inputs).issues);
    const { createdBy, updatedBy, createdAt, updatedAt } = created(txCtx);
    const put = async (key: { nodeId: string } | { modeId: string }, version: number, values: Record<string, number | null>) => {
      const row = rows.find((r) => ('nodeId' in key ? r.nodeId === key.nodeId : r.modeId === key.modeId));
      assertVersion({ version: row?.version ?? 0 }, version, 'fmeca_input');
      if (row) {
        updatedOrStale(
          await tx
            .update(fmecaInput)
            .set({ ...values, ...nextVersion(txCtx) })
            .where(and(eq(fmecaInput.id, row.id), eq(fmecaInput.version, version)))
            .returning({ id: fmecaInput.id }),
          'fmeca_input',
        );
      } else {
        // another save may have written the first row since this one read: the unique key says so, stale as above
        updatedOrStale(await tx.insert(fmecaInput).values({ projectId, ...key, ...values, createdBy, updatedBy, createdAt, updatedAt }).onConflictDoNothing().returning({ id: fmecaInput.id }), 'fmeca_input');
      }
    };
    const defined = (o: Record<string, number | null | undefined>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Record<string, number | null>;
    for (const i of inputs.items ?? []) await put({ nodeId: i.nodeId }, i.version, defined({ lambdaFit: i.lambdaFit, hours: i.hours }));
    for (const m of inputs.modes ?? []) await put({ modeId: m.modeId }, m.version, defined({ beta: m.beta, alpha: m.alpha }));
    const after = await storedFmecaInputs(tx, projectId);
    return { result: undefined, log: { action: 'fmea.fmeca.save', entity: 'fmeca_input', entityId: projectId, before: stored, after } };
  });
  return readFmeca(ctx, projectId);
}
