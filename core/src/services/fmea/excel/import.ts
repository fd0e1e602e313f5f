import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { listCustomFields } from '../../custom-fields/fields.ts';
import { readCustomFieldSheet } from '../../custom-fields/xlsx.ts';
import type { Db } from '../../../db/client.ts';
import { fmeaFunction, fmeaNode, fmeaProject, user } from '../../../db/schema/index.ts';
import { DomainError, InvalidInputError, type Issue } from '../../../errors.ts';
import type { ProjectType, TeamMember } from '../../../domain/fmea/index.ts';
import { LOCALES, translate } from '../../../i18n/index.ts';
import type { ServiceContext } from '../../shared/context.ts';
import { formatBytes, SPREADSHEET_LIMIT_BYTES } from '../../shared/xlsx.ts';
import { spreadsheetLimits } from '../../shared/zip-guard.ts';
import { editableProject } from '../access.ts';
import { featureClassesOfProject } from '../feature-classes.ts';
import { importAnalysis, writeAnalysisImport, type ImportResult } from '../import.ts';
import { projectDictionaries } from '../project-codes.ts';
import { createProject, getProjectById, updateProjectHeader } from '../projects.ts';
import { AnalysisBuilder } from './builder.ts';
import type { FlatRow, LegacyRow } from './columns.ts';
import { assertMapped, detectLayout, unmappedIssues, type Layout, type Sheets } from './detect.ts';
import { buildFromLegacy, type LegacyOptions } from './legacy.ts';
import { buildFromWorkbook, workbookProductName } from './flat.ts';
import type { Users } from './parse.ts';
import { readFormHeader } from './form-header.ts';
import { planHeader } from './project-header.ts';
import { createdCounts, type CreatedCounts } from './summary.ts';
import { readAllSheets } from './workbook-io.ts';
import { profileOf, WORKBOOK_PROFILES, type WorkbookProfile } from './profile.ts';
import type { FmeaSide } from '../../../domain/fmea/kinds.ts';

export type WorkbookImportMode = 'cover' | 'dedupe';

export interface WorkbookImportOptions {
  /** The file's name, for the type check (.xlsx only; .xls is refused with a hint to save as .xlsx). */
  fileName: string;
  /** Import into this project (its type says which form is read: a PFMEA's, or a DFMEA's); without it a new project is created, named from the workbook's header. */
  projectId?: string;
  /** The new project's type, and which form is read (default dfmea); ignored with `projectId`. */
  projectType?: FmeaSide;
  /** For a new project: its team (exactly one responsible) and a name when the workbook has none. */
  newProject?: { members: TeamMember[]; name?: string };
  /** cover: replace the project's analysis; dedupe (default): add only what is not there by description. */
  mode?: WorkbookImportMode;
  /** Write the good rows even when others are wrong. */
  partial?: boolean;
  /** The file is a legacy AIAG 4th-edition sheet: for when the layout is not recognised by itself (it is looked for after the chain sheet). */
  legacy?: boolean;
  /** Import even though columns, header cells or sheets of the file have no place (they are listed in the report); else such a file is refused. */
  acceptUnmapped?: boolean;
  /** Size limit in bytes (default 1 MB). */
  limit?: number;
  onProgress?: (done: number, total: number) => void;
}

export interface WorkbookImportReport {
  projectId: string;
  serialNum: string;
  /** Sheet rows read and rows imported. */
  rows: number;
  imported: number;
  counts: ImportResult['counts'];
  /** What was created, by kind: a missing kind shows at once. */
  created: CreatedCounts;
  /** The layout found and the sheet read. */
  layout: Layout['kind'];
  sheet: string;
  /** Row-numbered issues of the rows left out (only with `partial`). */
  errors: Issue[];
  /** What of the file was left out with the user's consent (`acceptUnmapped`). */
  unmapped: Issue[];
  /** Responsible people named in the file who are no user here: a legacy sheet keeps them in the action's text; our workbook's actions go in without a responsible person. */
  unknownNames: string[];
}

/** Checks the name and size before anything is read. */
export function assertWorkbookFile(fileName: string, size: number, limit = SPREADSHEET_LIMIT_BYTES): void {
  const lower = fileName.toLowerCase();
  if (lower.endsWith('.xls')) throw new InvalidInputError('fmeaExcel.xls_unsupported', { file: fileName });
  if (!lower.endsWith('.xlsx')) throw new InvalidInputError('file.unsupported_type', { types: 'xlsx' });
  if (size > limit) throw new InvalidInputError('file.too_large', { limit: formatBytes(limit) });
}

async function usersOf(db: Db): Promise<Users> {
  const rows = await db.select({ id: user.id, userName: user.userName, realName: user.realName }).from(user);
  const byName = new Map<string, string>();
  for (const r of rows) byName.set(r.userName.toLowerCase(), r.id);
  for (const r of rows) if (r.realName && !byName.has(r.realName.toLowerCase())) byName.set(r.realName.toLowerCase(), r.id);
  return { idOf: (name) => byName.get(name.trim().toLowerCase()) };
}

/** The form sheet's header block (our export's first sheet, label/value pairs in either language): what a new project takes from it. */
async function formHeader(db: Db, sheets: Sheets) {
  const formNames = new Set(LOCALES.flatMap((locale) => WORKBOOK_PROFILES.map((p) => translate(locale, p.formSheetKey))));
  const form = sheets.find((s) => formNames.has(s.name));
  if (!form) return { values: {}, unplaced: [] };
  const { values, issues } = readFormHeader(form.rows, await projectDictionaries(db));
  assertHeaderIssues(issues, form.rows.length);
  return { values, unplaced: [] };
}

/** A header value that cannot be placed as it is (an unknown dictionary item, a bad date) refuses the file with its row. */
function assertHeaderIssues(issues: readonly Issue[], rows: number): void {
  if (issues.length > 0) throw new InvalidInputError('fmeaExcel.import_invalid', { count: issues.length, rows }, issues);
}

type Parsed = Layout;

/** The sheet's own issues (ratings, missing mode, conflicting ratings…) while filling the builder; legacy names no user matched. */
function build(parsed: Parsed, rows: Parsed['rows'], b: AnalysisBuilder, users: Users, legacy: LegacyOptions): { issues: Issue[]; unknownNames: string[] } {
  const own =
    parsed.kind === 'flat'
      ? buildFromWorkbook(parsed.sheet, rows as { row: number; values: FlatRow }[], parsed.analysis, b, users)
      : buildFromLegacy(rows as { row: number; values: LegacyRow }[], b, users, legacy);
  return { issues: [...own.issues, ...b.conflicts], unknownNames: own.unknownNames };
}

/** Removes the project's analysis (everything but the product node), links and all by cascade. */
async function clearAnalysis(db: Db, projectId: string): Promise<void> {
  const root = await db.select({ id: fmeaNode.id }).from(fmeaNode).where(and(eq(fmeaNode.projectId, projectId), isNull(fmeaNode.parentId))).get();
  if (root) await db.delete(fmeaFunction).where(eq(fmeaFunction.nodeId, root.id));
  await db.delete(fmeaNode).where(and(eq(fmeaNode.projectId, projectId), isNotNull(fmeaNode.parentId)));
}

const PROBE = Symbol('probe');

/** The engine's issues with the rows of `parsed` not in `skip`, found in a savepoint that is always rolled back. */
async function engineIssues(db: Db, projectId: string, parsed: Parsed, skip: ReadonlySet<number>, users: Users, legacy: LegacyOptions): Promise<Issue[]> {
  const rows = (parsed.rows as { row: number }[]).filter((r) => !skip.has(r.row)) as Parsed['rows'];
  const b = await AnalysisBuilder.withExisting(db, projectId);
  if (build(parsed, rows, b, users, legacy).issues.length > 0) return [];
  try {
    await db.transaction(async (sp) => {
      await writeAnalysisImport({ db: sp as unknown as Db, actor: { userId: null, userName: 'probe' }, now: () => new Date() }, projectId, b.input);
      throw PROBE;
    });
  } catch (error) {
    if (error === PROBE) return [];
    if (error instanceof DomainError && error.messageKey === 'fmea.import_invalid') return b.sheetIssues(error.issues);
    throw error;
  }
  return [];
}

/** The project's type (which form to read), before anything is written; an unknown project is the engine's refusal later. */
async function projectTypeOf(db: Db, projectId: string): Promise<string | undefined> {
  return (await db.select({ projectType: fmeaProject.projectType }).from(fmeaProject).where(eq(fmeaProject.id, projectId)).get())?.projectType;
}

/** What a legacy PFMEA sheet needs of the project: the characteristic classes its class column may name. */
async function legacyOptions(db: Db, projectId: string, profile: WorkbookProfile): Promise<LegacyOptions> {
  if (!profile.process) return { process: false };
  const project = await db.select({ customer: fmeaProject.customer }).from(fmeaProject).where(eq(fmeaProject.id, projectId)).get();
  return { process: true, customerClasses: project ? (await featureClassesOfProject(db, project)).items.map((c) => c.category) : [] };
}

/**
 * Imports a DFMEA or PFMEA workbook through the engine's bulk import: the
 * flat chain sheet of our export or, found by its headers, a legacy AIAG
 * 4th-edition sheet (whose header block fills the project's header). The
 * project's type (or `projectType` for a new one) says which form is read
 * (`profile.ts`): a PFMEA's chain and list sheets carry the process fields,
 * its legacy sheet names process steps. One transaction,
 * every row checked by the engine's rules. A column, header cell or sheet
 * with data the import has no place for refuses the file, listed, unless
 * `acceptUnmapped`. A bad row refuses the whole file with every issue
 * numbered by sheet row, unless `partial` (then the good rows go in and the
 * report lists the others).
 */
export async function importFmeaWorkbook(ctx: ServiceContext, data: Uint8Array, options: WorkbookImportOptions): Promise<WorkbookImportReport> {
  assertWorkbookFile(options.fileName, data.byteLength, options.limit);
  const mode = options.mode ?? 'dedupe';
  const sheets = await readAllSheets(data, spreadsheetLimits('dfmea', options.limit ?? SPREADSHEET_LIMIT_BYTES));
  const projectType = options.projectId !== undefined ? await projectTypeOf(ctx.db, options.projectId) : (options.projectType ?? 'dfmea');
  // `fmea pfmea import --project DF…`: a PFMEA workbook into a DFMEA (or the other way round) is a mistake, not a conversion
  if (options.projectId !== undefined && options.projectType !== undefined && projectType !== undefined && profileOf(projectType as ProjectType).kind !== options.projectType) {
    throw new InvalidInputError('fmeaExcel.project_type_mismatch', { expected: options.projectType.toUpperCase(), actual: projectType.toUpperCase() });
  }
  const profile = profileOf((projectType ?? 'dfmea') as ProjectType);
  const parsed = detectLayout(sheets, options.legacy === true, profile);
  // the header's custom fields, from their sheet by alias; a column no field has is unmapped like any other
  const custom = readCustomFieldSheet(sheets, await listCustomFields(ctx.db, 'fmeaProject'));
  if (custom) parsed.unmapped = [...parsed.unmapped, ...custom.unmapped];
  const total = parsed.rows.length;
  options.onProgress?.(0, total);
  const users = await usersOf(ctx.db);
  const inner = (db: Db): ServiceContext => ({ ...ctx, db });
  const accept = options.acceptUnmapped === true;

  return ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    let projectId = options.projectId;
    if (projectId === undefined) {
      if (!options.newProject) throw new InvalidInputError('fmeaExcel.project_required');
      const plan = parsed.kind === 'legacy' ? planHeader(parsed.header, parsed.sheet, null, await projectDictionaries(db)) : await formHeader(db, sheets);
      if ('issues' in plan) assertHeaderIssues(plan.issues, total);
      const unmapped = [...parsed.unmapped, ...plan.unplaced];
      assertMapped(unmapped, accept);
      const name = plan.values.name ?? options.newProject.name ?? options.fileName.replace(/\.xlsx$/i, '');
      const productName = parsed.kind === 'flat' ? workbookProductName(parsed.rows, parsed.analysis) : undefined;
      projectId = (await createProject(inner(db), { ...plan.values, projectType: profile.kind, name, ...(productName && { productName }), members: options.newProject.members, confirmHandOver: true, ...(custom && { customFields: custom.values }) })).id;
      parsed.unmapped = unmapped;
    } else {
      const { project } = await editableProject(db, ctx.actor, projectId, ctx.now(), 'edit');
      const plan = parsed.kind === 'legacy' ? planHeader(parsed.header, parsed.sheet, project, await projectDictionaries(db)) : { values: {}, unplaced: [] };
      if ('issues' in plan) assertHeaderIssues(plan.issues, total);
      parsed.unmapped = [...parsed.unmapped, ...plan.unplaced];
      assertMapped(parsed.unmapped, accept);
      if (Object.keys(plan.values).length > 0 || custom) await updateProjectHeader(inner(db), projectId, { ...plan.values, ...(custom && { customFields: custom.values }), version: project.version });
      if (mode === 'cover') await clearAnalysis(db, projectId);
    }
    const legacy = await legacyOptions(db, projectId, profile);
    let skip = new Set<number>();
    const errors: Issue[] = [];
    for (let attempt = 0; ; attempt++) {
      const rows = (parsed.rows as { row: number }[]).filter((r) => !skip.has(r.row)) as Parsed['rows'];
      // In cover mode the analysis is gone, so matching only works within the file.
      const b = await AnalysisBuilder.withExisting(db, projectId);
      const built = build(parsed, rows, b, users, legacy);
      const sheetIssues = built.issues;
      // Rows read and checked: half way; the engine's write is the other half.
      options.onProgress?.(Math.floor(total / 2), total);
      let issues = sheetIssues;
      let result: ImportResult | undefined;
      if (issues.length === 0) {
        try {
          result = await importAnalysis(inner(db), projectId, b.input);
        } catch (error) {
          if (!(error instanceof DomainError) || error.messageKey !== 'fmea.import_invalid') throw error;
          issues = b.sheetIssues(error.issues);
        }
      }
      if (result) {
        options.onProgress?.(total, total);
        const project = await getProjectById(inner(db), projectId);
        return {
          projectId,
          serialNum: project.serialNum,
          rows: total,
          imported: rows.length,
          counts: result.counts,
          created: createdCounts(b.input),
          layout: parsed.kind,
          sheet: parsed.sheet,
          errors,
          unmapped: unmappedIssues(parsed.unmapped),
          unknownNames: built.unknownNames,
        };
      }
      // an issue without a row, or in another sheet than the chain sheet (an analysis sheet), cannot be left out row by row
      const rowless = issues.filter((i) => i.row === undefined || i.params?.sheet !== undefined);
      // "import the good rows" with no good row left would write an empty analysis (or project): refuse it like any bad file
      const nothingGood = new Set([...skip, ...issues.map((i) => i.row)]).size >= parsed.rows.length;
      if (!options.partial || rowless.length > 0 || nothingGood || attempt >= 20) {
        // Also list what the engine would refuse among the other rows, then write nothing.
        if (sheetIssues.length > 0 && !options.partial) issues = [...issues, ...(await engineIssues(db, projectId, parsed, new Set([...skip, ...issues.map((i) => i.row!)]), users, legacy))];
        throw new InvalidInputError('fmeaExcel.import_invalid', { count: issues.length, rows: total }, [...errors, ...issues].sort((a, b) => (a.row ?? 0) - (b.row ?? 0)).slice(0, 200));
      }
      errors.push(...issues);
      skip = new Set([...skip, ...issues.map((i) => i.row!)]);
    }
  });
}

/** The DFMEA's name of the import (a PFMEA project's workbook is read as a PFMEA's). */
export const importDfmeaWorkbook = importFmeaWorkbook;

/** A PFMEA workbook into a PFMEA project, or a new one (PF number). */
export const importPfmeaWorkbook = (ctx: ServiceContext, data: Uint8Array, options: WorkbookImportOptions): Promise<WorkbookImportReport> =>
  importFmeaWorkbook(ctx, data, { ...options, projectType: 'pfmea' });
