import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { fmeaCharacteristic, fmeaFunction, fmeaNode, fmeaProject } from '../../db/schema/index.ts';
import { InvalidInputError, type Issue } from '../../errors.ts';
import { CHARACTERISTIC_CLASS_LABEL_KEYS, CHARACTERISTIC_CLASSES, type CharacteristicClass } from '../../domain/fmea/index.ts';
import { cleanProcessNo, matchCustomerClass, processNoKey } from '../../domain/pfmea/index.ts';
import { checkText, SHORT_TEXT_LIMIT } from '../../domain/validation/index.ts';
import { LOCALES, translate, type Locale } from '../../i18n/index.ts';
import type { DbOrTx } from '../../db/client.ts';
import { normHeader } from '../shared/sheet-columns.ts';
import type { ServiceContext } from '../shared/context.ts';
import { readSheet, SPREADSHEET_LIMIT_BYTES, writeSheet, type SheetColumn, type SheetRow } from '../shared/xlsx.ts';
import { spreadsheetLimits } from '../shared/zip-guard.ts';
import { writeAndLog } from '../shared/write.ts';
import { editableProject, nextVersion, openableProject, projectNotFound } from './access.ts';
import { featureClassesOfProject } from './feature-classes.ts';
import { importInto, type AnalysisImport } from './import.ts';
import type { FmeaServiceMessageKey } from './messages.ts';
import { resolveProjectReference } from './projects.ts';
import { kindOf } from '../../domain/fmea/kinds.ts';

/**
 * The PFMEA product feature list (spec 001 §7: exportData / importData of
 * pfmeaProductFeature, the import sending pfmeaProjectSerial): the product
 * characteristics of a PFMEA's process steps as one sheet, a row per
 * characteristic with its step (number, name) and the step's function. The
 * import adds what is new through the bulk import (so the process rules and
 * row-numbered refusals are the engine's) and, in cover mode, changes the
 * class, special mark and customer class of characteristics that exist.
 */

export type ProductFeatureKey = 'processNo' | 'processName' | 'functionDesc' | 'featureExplain' | 'characteristicClass' | 'special' | 'customerClass';

/** Headers in both languages (either is read; the reader's is written first). */
const HEADERS: Record<ProductFeatureKey, Record<Locale, string>> = {
  processNo: { 'zh-CN': '过程编号', 'en-US': 'Process number' },
  processName: { 'zh-CN': '过程步骤', 'en-US': 'Process step' },
  functionDesc: { 'zh-CN': '过程步骤功能', 'en-US': 'Function of the process step' },
  featureExplain: { 'zh-CN': '产品特性', 'en-US': 'Product characteristic' },
  characteristicClass: { 'zh-CN': '特性分级', 'en-US': 'Characteristic class' },
  special: { 'zh-CN': '特殊特性', 'en-US': 'Special characteristic' },
  customerClass: { 'zh-CN': '客户特性分类', 'en-US': 'Customer class' },
};
const REQUIRED = new Set<ProductFeatureKey>(['processNo', 'functionDesc', 'featureExplain']);

export function productFeatureColumns(locale: Locale): SheetColumn<ProductFeatureKey>[] {
  return (Object.keys(HEADERS) as ProductFeatureKey[]).map((key) => ({
    key,
    headers: [HEADERS[key][locale], ...LOCALES.filter((l) => l !== locale).map((l) => HEADERS[key][l]), key],
    required: REQUIRED.has(key),
    width: key === 'processNo' || key === 'special' ? 12 : 28,
  }));
}

const YES = ['是', 'y', 'yes', '1', 'true', '√', '✓'];
const NO = ['否', 'n', 'no', '0', 'false', ''];

/** A class as written: its code or its name in either language. */
function classOf(text: string): CharacteristicClass | undefined {
  const key = normHeader(text || 'general');
  return CHARACTERISTIC_CLASSES.find((c) => normHeader(c) === key || LOCALES.some((l) => normHeader(translate(l, CHARACTERISTIC_CLASS_LABEL_KEYS[c])) === key));
}

/** A PFMEA named by its id, its number (PF…) or one of its node ids; another type is not found here. */
export async function resolvePfmeaReference(db: DbOrTx, value: string): Promise<string> {
  const byId = await db.select({ id: fmeaProject.id, projectType: fmeaProject.projectType }).from(fmeaProject).where(eq(fmeaProject.id, value.trim())).get();
  const found = byId ? { projectId: byId.id, projectType: byId.projectType } : await resolveProjectReference(db, value);
  if (!kindOf(found.projectType).processModel) throw projectNotFound(value);
  return found.projectId;
}

interface StepRows {
  steps: { id: string; processNo: string | null; name: string; sort: number }[];
  functions: { id: string; nodeId: string; description: string; sort: number }[];
  characteristics: { id: string; functionId: string; name: string; characteristicClass: CharacteristicClass; special: boolean; customerClass: string | null; version: number; sort: number }[];
}

/** The process steps (children of the process item) with their functions and characteristics. */
async function readSteps(db: DbOrTx, projectId: string): Promise<StepRows> {
  const root = db.select({ id: fmeaNode.id }).from(fmeaNode).where(and(eq(fmeaNode.projectId, projectId), isNull(fmeaNode.parentId)));
  const steps = await db
    .select({ id: fmeaNode.id, processNo: fmeaNode.processNo, name: fmeaNode.name, sort: fmeaNode.sort })
    .from(fmeaNode)
    .where(and(eq(fmeaNode.projectId, projectId), inArray(fmeaNode.parentId, root)))
    .orderBy(asc(fmeaNode.sort), asc(fmeaNode.id));
  const ids = steps.map((s) => s.id);
  const functions = ids.length
    ? await db
        .select({ id: fmeaFunction.id, nodeId: fmeaFunction.nodeId, description: fmeaFunction.description, sort: fmeaFunction.sort })
        .from(fmeaFunction)
        .where(and(eq(fmeaFunction.projectId, projectId), inArray(fmeaFunction.nodeId, ids)))
        .orderBy(asc(fmeaFunction.sort), asc(fmeaFunction.id))
    : [];
  const fnIds = functions.map((f) => f.id);
  const characteristics = fnIds.length
    ? await db
        .select({
          id: fmeaCharacteristic.id,
          functionId: fmeaCharacteristic.functionId,
          name: fmeaCharacteristic.name,
          characteristicClass: fmeaCharacteristic.characteristicClass,
          special: fmeaCharacteristic.special,
          customerClass: fmeaCharacteristic.customerClass,
          version: fmeaCharacteristic.version,
          sort: fmeaCharacteristic.sort,
        })
        .from(fmeaCharacteristic)
        .where(and(eq(fmeaCharacteristic.projectId, projectId), inArray(fmeaCharacteristic.functionId, fnIds)))
        .orderBy(asc(fmeaCharacteristic.sort), asc(fmeaCharacteristic.id))
    : [];
  return { steps, functions, characteristics };
}

/** The product feature list of a PFMEA as an xlsx in the reader's language, in step, function and characteristic order. */
export async function exportPfmeaProductFeatures(ctx: ServiceContext, pfmeaProjectSerial: string, locale: Locale): Promise<{ data: Uint8Array; fileName: string }> {
  const projectId = await resolvePfmeaReference(ctx.db, pfmeaProjectSerial);
  const { project } = await openableProject(ctx.db, ctx.actor, projectId, ctx.now());
  const { steps, functions, characteristics } = await readSteps(ctx.db, projectId);
  const rows: Partial<Record<ProductFeatureKey, string>>[] = [];
  for (const step of steps) {
    for (const fn of functions.filter((f) => f.nodeId === step.id)) {
      for (const c of characteristics.filter((x) => x.functionId === fn.id)) {
        rows.push({
          processNo: step.processNo ?? '',
          processName: step.name,
          functionDesc: fn.description,
          featureExplain: c.name,
          characteristicClass: translate(locale, CHARACTERISTIC_CLASS_LABEL_KEYS[c.characteristicClass]),
          special: c.special ? (locale === 'zh-CN' ? '是' : 'Yes') : locale === 'zh-CN' ? '否' : 'No',
          customerClass: c.customerClass ?? '',
        });
      }
    }
  }
  const title = locale === 'zh-CN' ? '产品特性' : 'Product characteristics';
  return { data: await writeSheet(title, productFeatureColumns(locale), rows), fileName: `${project.serialNum}-${locale === 'zh-CN' ? '产品特性' : 'product-characteristics'}.xlsx` };
}

export interface ProductFeatureImportReport {
  projectId: string;
  created: number;
  updated: number;
  skipped: number;
  /** New process steps and functions the rows named. */
  steps: number;
  functions: number;
  unmapped: Issue[];
}

const rowIssue = (row: number, field: ProductFeatureKey, messageKey: string, params: Record<string, string | number> = {}): Issue => ({ messageKey, row, field, params: { field, ...params } });

/**
 * Imports a product feature list into a PFMEA. Each row names its step by
 * number (a number no step has makes a new step when the row gives its name),
 * the step's function by its description (made when missing) and the
 * characteristic by its name within that function (without case). New ones
 * are added; one that exists is left as it is (`dedupe`, the default) or gets
 * the row's class, special mark and customer class (`cover`). Every row is
 * checked first; any wrong row refuses the whole file, nothing written.
 */
export async function importPfmeaProductFeatures(
  ctx: ServiceContext,
  pfmeaProjectSerial: string,
  data: Uint8Array,
  options: { mode?: 'cover' | 'dedupe'; acceptUnmapped?: boolean; limit?: number } = {},
): Promise<ProductFeatureImportReport> {
  const projectId = await resolvePfmeaReference(ctx.db, pfmeaProjectSerial);
  const read = await readSheet(data, productFeatureColumns('zh-CN'), spreadsheetLimits('table', options.limit ?? SPREADSHEET_LIMIT_BYTES), { acceptUnmapped: options.acceptUnmapped });
  return writeAndLog(ctx, async (tx, txCtx) => {
    const { project } = await editableProject(tx, ctx.actor, projectId, ctx.now(), 'add');
    const existing = await readSteps(tx, projectId);
    const classes = read.rows.some((r) => r.values.customerClass) ? (await featureClassesOfProject(tx, project)).items.map((c) => c.category) : [];
    const plan = planRows(read.rows, existing, classes, options.mode ?? 'dedupe');
    if (plan.issues.length > 0) throw new InvalidInputError('fmea.import_invalid' satisfies FmeaServiceMessageKey, { count: plan.issues.length }, plan.issues.slice(0, 200));
    try {
      if (plan.input.nodes!.length + plan.input.functions!.length + plan.input.characteristics!.length > 0) await importInto(tx, txCtx, project, plan.input);
    } catch (error) {
      // the engine's issues name its lists' entries; the user reads sheet rows
      if (error instanceof InvalidInputError) throw new InvalidInputError(error.messageKey, error.params, error.issues.map((i) => ({ ...i, row: plan.sheetRow(i) })));
      throw error;
    }
    for (const u of plan.updates) {
      await tx
        .update(fmeaCharacteristic)
        .set({ characteristicClass: u.characteristicClass, special: u.special, customerClass: u.customerClass, ...nextVersion(txCtx) })
        .where(eq(fmeaCharacteristic.id, u.id));
    }
    const report: ProductFeatureImportReport = {
      projectId,
      created: plan.input.characteristics!.length,
      updated: plan.updates.length,
      skipped: plan.skipped,
      steps: plan.input.nodes!.length,
      functions: plan.input.functions!.length,
      unmapped: read.unmapped,
    };
    const { unmapped: _unmapped, projectId: _id, ...counts } = report;
    return { result: report, log: { action: 'fmea.project.import', entity: 'fmea_project', entityId: projectId, after: { productFeatures: counts } } };
  });
}

interface RowPlan {
  issues: Issue[];
  input: AnalysisImport;
  updates: { id: string; characteristicClass: CharacteristicClass; special: boolean; customerClass: string | null }[];
  skipped: number;
  /** The sheet row of an engine issue (its list and entry). */
  sheetRow: (issue: Issue) => number | undefined;
}

/** Checks every row and sorts it into new steps, functions, characteristics, updates and skips. */
function planRows(rows: readonly SheetRow<ProductFeatureKey>[], existing: StepRows, classes: readonly string[], mode: 'cover' | 'dedupe'): RowPlan {
  const issues: Issue[] = [];
  const input: Required<Pick<AnalysisImport, 'nodes' | 'functions' | 'characteristics'>> = { nodes: [], functions: [], characteristics: [] };
  const rowsOf: Record<'nodes' | 'functions' | 'characteristics', number[]> = { nodes: [], functions: [], characteristics: [] };
  const updates: RowPlan['updates'] = [];
  let skipped = 0;
  const stepByNo = new Map(existing.steps.filter((s) => s.processNo).map((s) => [processNoKey(s.processNo!), s.id]));
  const fnKey = (stepRef: string, description: string) => `${stepRef}|${description.trim().toLowerCase()}`;
  const fnByKey = new Map(existing.functions.map((f) => [fnKey(f.nodeId, f.description), f.id]));
  const charKey = (fnRef: string, name: string) => `${fnRef}|${name.trim().toLowerCase()}`;
  const charByKey = new Map(existing.characteristics.map((c) => [charKey(c.functionId, c.name), c]));
  const seen = new Set<string>();

  for (const { row, values: v } of rows) {
    const before = issues.length;
    for (const key of ['processName', 'functionDesc', 'featureExplain', 'customerClass'] as const) {
      issues.push(...checkText(v[key], { field: key }).map((i) => ({ ...i, row })));
    }
    issues.push(...checkText(v.processNo, { field: 'processNo', required: true, max: SHORT_TEXT_LIMIT }).map((i) => ({ ...i, row })));
    if (!v.functionDesc) issues.push(rowIssue(row, 'functionDesc', 'validation.required'));
    if (!v.featureExplain) issues.push(rowIssue(row, 'featureExplain', 'validation.required'));
    const characteristicClass = classOf(v.characteristicClass);
    if (!characteristicClass) issues.push(rowIssue(row, 'characteristicClass', 'fmea.value_invalid', { value: v.characteristicClass }));
    const specialText = v.special.trim().toLowerCase();
    const special = YES.includes(specialText) ? true : NO.includes(specialText) ? false : undefined;
    if (special === undefined) issues.push(rowIssue(row, 'special', 'fmea.value_invalid', { value: v.special }));
    const customerClass = matchCustomerClass(v.customerClass, classes);
    issues.push(...customerClass.issues.map((i) => ({ ...i, row })));
    const processNo = cleanProcessNo(v.processNo);
    if (issues.length > before || !processNo) continue;

    // the step: an existing one by number, or a new one this file names
    let stepRef = stepByNo.get(processNoKey(processNo));
    if (!stepRef) {
      if (!v.processName) {
        issues.push(rowIssue(row, 'processNo', 'fmea.feature_step_unknown' satisfies FmeaServiceMessageKey, { value: processNo }));
        continue;
      }
      stepRef = `step:${processNoKey(processNo)}`;
      input.nodes.push({ key: stepRef, name: v.processName, processNo });
      rowsOf.nodes.push(row);
      stepByNo.set(processNoKey(processNo), stepRef);
    }
    let fnRef = fnByKey.get(fnKey(stepRef, v.functionDesc));
    if (!fnRef) {
      fnRef = `fn:${input.functions.length}`;
      input.functions.push({ key: fnRef, nodeKey: stepRef, description: v.functionDesc });
      rowsOf.functions.push(row);
      fnByKey.set(fnKey(stepRef, v.functionDesc), fnRef);
    }
    const key = charKey(fnRef, v.featureExplain);
    if (seen.has(key)) {
      issues.push(rowIssue(row, 'featureExplain', 'fmea.feature_repeated' satisfies FmeaServiceMessageKey, { value: v.featureExplain }));
      continue;
    }
    seen.add(key);
    const found = charByKey.get(key);
    if (!found) {
      input.characteristics.push({ functionKey: fnRef, name: v.featureExplain, characteristicClass: characteristicClass!, special: special!, characteristicKind: 'product', customerClass: customerClass.value });
      rowsOf.characteristics.push(row);
    } else if (mode === 'cover') {
      updates.push({ id: found.id, characteristicClass: characteristicClass!, special: special!, customerClass: customerClass.value });
    } else {
      skipped++;
    }
  }
  const sheetRow = (issue: Issue) => {
    const list = (issue.params?.list ?? String(issue.field ?? '').split('.')[0]) as keyof typeof rowsOf;
    return issue.row !== undefined && rowsOf[list] ? rowsOf[list][issue.row - 1] : issue.row;
  };
  return { issues, input, updates, skipped, sheetRow };
}
