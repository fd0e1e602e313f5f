import { eq, max } from 'drizzle-orm';
import { insertRows } from '../../db/bulk-insert.ts';
import { controlPlan, controlPlanLine, controlPlanLineControl } from '../../db/schema/index.ts';
import { InvalidInputError, type Issue } from '../../errors.ts';
import { checkText } from '../../domain/validation/index.ts';
import {
  basisOf,
  cleanHeader,
  CONTROL_PLAN_DATE_FIELDS,
  indexControlPlanModel,
  ownControlText,
  processNoKey,
  readBasis,
  storeBasis,
  type ControlPlanBasis,
  type ControlPlanColumnKey,
  type ControlPlanHeader,
  type ControlPlanHeaderField,
  type ControlPlanModel,
  type ControlPlanPhase,
} from '../../domain/pfmea/index.ts';
import type { ControlPlanMessageKey } from '../../domain/pfmea/control-plan-messages.ts';
import type { ServiceContext } from '../shared/context.ts';
import { SPREADSHEET_LIMIT_BYTES } from '../shared/xlsx.ts';
import { spreadsheetLimits } from '../shared/zip-guard.ts';
import { writeAndLog } from '../shared/write.ts';
import { mapData, matchHeader, type HeaderMatch, type SheetRowText } from '../fmea/excel/headers.ts';
import { assertMapped, unmappedIssues, type Unmapped } from '../fmea/excel/detect.ts';
import { assertWorkbookFile } from '../fmea/excel/import.ts';
import { isoDate } from '../fmea/excel/legacy-header.ts';
import { readAllSheets } from '../fmea/excel/workbook-io.ts';
import { columnLetter } from '../shared/sheet-columns.ts';
import { created } from '../fmea/access.ts';
import { assertPhase, editableProcessProject, ensurePlan } from './control-plan.ts';
import { loadControlPlanModel, readLines, type ControlPlanLineRow } from './control-plan-read.ts';
import { CONTROL_PLAN_HEADER_OPTIONS, controlPlanSheetColumns, headerFieldOf, isGroupHeading, isStampLabel, isPhaseLine, isTitle } from './control-plan-sheet.ts';

export type ControlPlanImportMode = 'cover' | 'dedupe';

export interface ControlPlanImportOptions {
  phase: ControlPlanPhase;
  fileName: string;
  /** dedupe (default): lines the plan has (a linked line of the characteristic, an own line of the same texts) are left out; cover: the file replaces the plan's lines and header. */
  mode?: ControlPlanImportMode;
  /** Write the good rows even when others are wrong (those are listed). */
  goodRowsOnly?: boolean;
  /** Import even though columns or cells of the file have no place (they are listed). */
  acceptUnmapped?: boolean;
  limit?: number;
  onProgress?: (done: number, total: number) => void;
}

export interface ControlPlanImportReport {
  planId: string;
  phase: ControlPlanPhase;
  sheet: string;
  /** Data rows read, lines written, of them linked to the PFMEA, rows left out as already there, lines the cover import removed. */
  rows: number;
  imported: number;
  linked: number;
  skipped: number;
  replaced: number;
  /** Header fields the file filled. */
  header: ControlPlanHeaderField[];
  errors: Issue[];
  unmapped: Issue[];
}

type Values = Record<ControlPlanColumnKey, string>;
interface FileLine {
  row: number;
  values: Values;
}

/** The sheet holding the control plan table (the most columns among the sheets, with a process and a characteristic column). */
function findTable(sheets: { name: string; rows: SheetRowText[] }[]) {
  const columns = controlPlanSheetColumns();
  const found = sheets
    .map((sheet) => ({ sheet, match: matchHeader(sheet.rows, columns, CONTROL_PLAN_HEADER_OPTIONS, 3) }))
    .filter((c): c is { sheet: (typeof sheets)[number]; match: HeaderMatch<ControlPlanColumnKey> } => {
      if (!c.match) return false;
      const keys = new Set(c.match.keys.values());
      return (keys.has('processNo') || keys.has('processName')) && (keys.has('productCharacteristic') || keys.has('processCharacteristic'));
    })
    .sort((a, b) => b.match.keys.size - a.match.keys.size);
  const best = found[0];
  if (!best) throw new InvalidInputError('controlPlan.sheet_missing' satisfies ControlPlanMessageKey);
  return { ...best, columns, others: found.slice(1).map((f) => f.sheet.name) };
}

/**
 * The header block above the table: a label cell (either language; "Label:"
 * too) with its value in the next filled cell to the right, or "Label: value"
 * in one cell. The title, the phase line, the stamp row and the body's
 * group headings are not data; any other filled cell has no place (unmapped).
 */
function readHeaderBlock(sheet: string, rows: readonly SheetRowText[]): { values: Partial<Record<ControlPlanHeaderField, { text: string; row: number; column: string }>>; unmapped: Unmapped[] } {
  const values: Partial<Record<ControlPlanHeaderField, { text: string; row: number; column: string }>> = {};
  const unmapped: Unmapped[] = [];
  for (const { row, cells } of rows) {
    for (let c = 1; c < cells.length; c++) {
      const text = cells[c] ?? '';
      if (!text || isTitle(text) || isPhaseLine(text) || isGroupHeading(text)) continue;
      if (isStampLabel(text)) {
        // the stamp's label and its value (the PFMEA's version and content hash): the export's, not the plan's
        c++;
        while (c < cells.length && !cells[c]) c++;
        continue;
      }
      const colon = text.match(/^(.+?)[:：]\s*(.*)$/s);
      const field = headerFieldOf(text) ?? (colon ? headerFieldOf(colon[1]!) : undefined);
      if (!field) {
        unmapped.push({ sheet, column: columnLetter(c), row, text });
        continue;
      }
      let value = colon && !headerFieldOf(text) ? colon[2]!.trim() : '';
      let at = c;
      if (!value) {
        let next = c + 1;
        while (next < cells.length && !cells[next]) next++;
        if (next < cells.length && !headerFieldOf(cells[next]!)) {
          value = cells[next]!;
          at = next;
          c = next;
        }
      }
      if (!value) continue;
      if (values[field]) unmapped.push({ sheet, column: columnLetter(at), row, text: value });
      else values[field] = { text: value, row, column: columnLetter(at) };
    }
  }
  return { values, unmapped };
}

/** Blank process columns under a merged step (the reader sees a merge's value in its first cell only) take the step above. */
function fillDown(lines: FileLine[]): void {
  let above: Values | undefined;
  for (const line of lines) {
    const v = line.values;
    if (!v.processNo && !v.processName && above) {
      v.processNo = above.processNo;
      v.processName = above.processName;
      if (!v.machine) v.machine = above.machine;
    }
    above = v;
  }
}

const FIELDS = controlPlanSheetColumns().map((c) => c.key);

function rowIssues(line: FileLine): Issue[] {
  const issues: Issue[] = [];
  for (const field of FIELDS) for (const issue of checkText(line.values[field], { field })) issues.push({ ...issue, row: line.row });
  if (!line.values.processNo && !line.values.processName) issues.push({ messageKey: 'controlPlan.process_missing' satisfies ControlPlanMessageKey, field: 'processName', row: line.row });
  if (!line.values.productCharacteristic && !line.values.processCharacteristic) {
    issues.push({ messageKey: 'controlPlan.characteristic_missing' satisfies ControlPlanMessageKey, field: 'productCharacteristic', row: line.row });
  }
  return issues;
}

const nameKey = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * The characteristic a row names in the PFMEA: its step by process number,
 * then, among that step's characteristics of the row's kind (product on the
 * step, process on its work elements), the one of the same name (case and
 * spacing aside). A row naming both a product and a process characteristic
 * stays unlinked: a linked line points at one characteristic.
 */
function matchRow(values: Values, model: ControlPlanModel): { stepNodeId: string; characteristicId: string } | null {
  const product = values.productCharacteristic;
  const process = values.processCharacteristic;
  if (!values.processNo || (product && process)) return null;
  const index = indexControlPlanModel(model);
  const step = model.steps.find((s) => s.processNo !== null && processNoKey(s.processNo) === processNoKey(values.processNo));
  if (!step) return null;
  const kind = product ? 'product' : 'process';
  const name = nameKey(product || process);
  const place = index.places.find((p) => p.step.id === step.id && p.kind === kind && nameKey(p.characteristic.name) === name);
  return place ? { stepNodeId: step.id, characteristicId: place.characteristic.id } : null;
}

const ownKey = (v: { processNo?: string | null; processName?: string | null; productCharacteristic?: string | null; processCharacteristic?: string | null }) =>
  [v.processNo, v.processName, v.productCharacteristic, v.processCharacteristic].map((x) => nameKey(x ?? '')).join('\u0000');

const blank = (text: string) => (text.trim() === '' ? null : text.trim());

/**
 * Imports a control plan workbook (ours, a customer's or a legacy AIAG form)
 * into the plan of a phase. The table is found by its headers (either
 * language, one or two heading rows); the header block above it fills the
 * plan's header (empty fields only, unless `cover`). Rows match PFMEA steps
 * by process number and characteristics by name: a matched row becomes a
 * linked line (the PFMEA's texts shown, its own control method and
 * evaluation technique kept only where they say something else), any other
 * an imported line with its own texts. A column or cell with no place
 * refuses the file unless `acceptUnmapped`; a bad row refuses it, every issue
 * with its row, unless `goodRowsOnly`; nothing is written on a refusal.
 */
export async function importControlPlanWorkbook(ctx: ServiceContext, projectId: string, data: Uint8Array, options: ControlPlanImportOptions): Promise<ControlPlanImportReport> {
  const phase = assertPhase(options.phase);
  const limit = options.limit ?? SPREADSHEET_LIMIT_BYTES;
  assertWorkbookFile(options.fileName, data.byteLength, limit);
  const sheets = await readAllSheets(data, spreadsheetLimits('table', limit));
  const { sheet, match, columns, others } = findTable(sheets);
  const mapped = mapData(sheet.rows, match, columns);
  const block = readHeaderBlock(sheet.name, sheet.rows.slice(0, match.first));
  const unmapped: Unmapped[] = [...block.unmapped, ...mapped.unmapped.map((u) => ({ sheet: sheet.name, ...u })), ...others.map((name) => ({ sheet: name }))];
  const lines: FileLine[] = mapped.rows.map((r) => ({ row: r.row, values: Object.fromEntries(FIELDS.map((k) => [k, r.values[k] ?? ''])) as Values }));
  fillDown(lines);
  const total = lines.length;
  options.onProgress?.(0, total);

  // the header's values: dates as dates, texts within 200 characters; a wrong one is an issue of its row
  const header: ControlPlanHeader = {};
  const errors: Issue[] = [];
  for (const [field, value] of Object.entries(block.values) as [ControlPlanHeaderField, { text: string; row: number }][]) {
    const isDate = (CONTROL_PLAN_DATE_FIELDS as readonly string[]).includes(field);
    const text = isDate ? (isoDate(value.text) ?? value.text) : value.text;
    const issues = isDate && !isoDate(value.text) ? [{ messageKey: 'fmea.date_invalid', field, params: { field, value: value.text } }] : checkText(text, { field });
    if (issues.length > 0) errors.push(...issues.map((i) => ({ ...i, row: value.row })));
    else header[field] = text;
  }
  const bad = new Map<number, Issue[]>();
  for (const line of lines) {
    const issues = rowIssues(line);
    if (issues.length > 0) bad.set(line.row, issues);
  }
  const rowErrors = [...bad.values()].flat();
  const good = lines.filter((l) => !bad.has(l.row));
  // a bad header value cannot be left out row by row
  if (errors.length > 0 || (rowErrors.length > 0 && (!options.goodRowsOnly || good.length === 0))) {
    const all = [...errors, ...rowErrors].sort((a, b) => (a.row ?? 0) - (b.row ?? 0));
    throw new InvalidInputError('controlPlan.import_invalid' satisfies ControlPlanMessageKey, { count: all.length, rows: total }, all.slice(0, 200));
  }
  options.onProgress?.(Math.floor(total / 2), total);

  const cover = options.mode === 'cover';
  const accept = options.acceptUnmapped === true;
  const report = await writeAndLog(ctx, async (tx, txCtx) => {
    const { project } = await editableProcessProject(tx, txCtx, projectId, 'edit');
    const made = await ensurePlan(tx, txCtx, project, phase);
    const plan = made.plan;
    const stored = plan.header as ControlPlanHeader;
    // into a plan that has a header, only empty fields are filled: a different value has no place (consent needed);
    // a plan this import creates holds only the defaults, which the file's values replace
    const fresh = made.log !== null;
    const filled: ControlPlanHeaderField[] = [];
    for (const [field, text] of Object.entries(header) as [ControlPlanHeaderField, string][]) {
      if (cover || fresh || !stored[field] || stored[field] === text) {
        if (stored[field] !== text) filled.push(field);
      } else {
        const at = block.values[field]!;
        unmapped.push({ sheet: sheet.name, column: at.column, row: at.row, text });
        delete header[field];
      }
    }
    assertMapped(unmapped, accept);

    const model = await loadControlPlanModel(tx, projectId);
    let existing = await readLines(tx, plan.id);
    let replaced = 0;
    if (cover) {
      replaced = existing.length;
      await tx.delete(controlPlanLine).where(eq(controlPlanLine.planId, plan.id));
      existing = [];
    }
    const linkedHave = new Set(existing.flatMap((r) => (r.characteristicId && readBasis(r.basis) ? [r.characteristicId] : [])));
    const ownHave = new Set(existing.filter((r) => !readBasis(r.basis)).map(ownKey));
    const last = await tx.select({ sort: max(controlPlanLine.sort) }).from(controlPlanLine).where(eq(controlPlanLine.planId, plan.id)).get();
    let sort = last?.sort ?? 0;
    const stamp = created(txCtx);
    const rows: ControlPlanLineRow[] = [];
    const cites: { lineId: string; controlId: string; projectId: string }[] = [];
    let skipped = 0;
    let linked = 0;
    for (const { values } of good) {
      const link = matchRow(values, model);
      const basis: ControlPlanBasis | null = link ? basisOf(link, model) : null;
      if (link ? linkedHave.has(link.characteristicId) : ownHave.has(ownKey(values))) {
        skipped++;
        continue;
      }
      const id = crypto.randomUUID();
      const own = link
        ? { controlMethod: ownControlText(values.controlMethod, basis!, 'controlMethod'), measurementTechnique: ownControlText(values.evaluationTechnique, basis!, 'evaluationTechnique') }
        : {
            processNo: blank(values.processNo),
            processName: blank(values.processName),
            machine: blank(values.machine),
            productCharacteristic: blank(values.productCharacteristic),
            processCharacteristic: blank(values.processCharacteristic),
            specialClass: blank(values.specialClass),
            controlMethod: blank(values.controlMethod),
            measurementTechnique: blank(values.evaluationTechnique),
          };
      rows.push({
        id,
        projectId,
        planId: plan.id,
        origin: 'imported',
        stepNodeId: link?.stepNodeId ?? null,
        characteristicId: link?.characteristicId ?? null,
        processNo: null,
        processName: null,
        machine: null,
        productCharacteristic: null,
        processCharacteristic: null,
        specialClass: null,
        characteristicNo: blank(values.characteristicNo),
        specification: blank(values.specification),
        sampleSize: blank(values.sampleSize),
        sampleFrequency: blank(values.sampleFrequency),
        reactionPlan: blank(values.reactionPlan),
        ...own,
        basis: basis && storeBasis(basis),
        reviewedBy: null,
        reviewedAt: null,
        sort: ++sort,
        version: 1,
        ...stamp,
      });
      if (basis) {
        linked++;
        for (const c of basis.controls) cites.push({ lineId: id, controlId: c.id, projectId });
      }
    }
    await insertRows(tx, controlPlanLine, rows);
    await insertRows(tx, controlPlanLineControl, cites);
    let after = plan;
    if (Object.keys(header).length > 0) {
      // the file's fields over the plan's (only empty ones unless cover: a different value was refused above)
      const [updated] = await tx
        .update(controlPlan)
        .set({ header: cleanHeader({ ...stored, ...header }), version: plan.version + 1, updatedAt: txCtx.now(), updatedBy: txCtx.actor.userId })
        .where(eq(controlPlan.id, plan.id))
        .returning();
      after = updated!;
    }
    const result: ControlPlanImportReport = {
      planId: plan.id,
      phase,
      sheet: sheet.name,
      rows: total,
      imported: rows.length,
      linked,
      skipped,
      replaced,
      header: filled,
      errors: rowErrors,
      unmapped: accept ? unmappedIssues(unmapped) : [],
    };
    return {
      result,
      log: [
        ...(made.log ? [made.log] : []),
        { action: 'controlPlan.plan.import', entity: 'control_plan', entityId: plan.id, before: cover ? { lines: replaced } : null, after: { phase, imported: rows.length, linked, skipped, header: after.header } },
      ],
    };
  });
  options.onProgress?.(total, total);
  return report;
}
