import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { fmeaFunction, fmeaNode, user } from '../../../db/schema/index.ts';
import { DomainError, InvalidInputError, type Issue } from '../../../errors.ts';
import type { TeamMember } from '../../../domain/fmea/index.ts';
import { LOCALES, translate } from '../../../i18n/index.ts';
import type { ServiceContext } from '../../shared/context.ts';
import { formatBytes, SPREADSHEET_LIMIT_BYTES } from '../../shared/xlsx.ts';
import { spreadsheetLimits } from '../../shared/zip-guard.ts';
import { editableProject } from '../access.ts';
import { importAnalysis, type ImportResult } from '../import.ts';
import { createProject, getProjectById } from '../projects.ts';
import { AnalysisBuilder } from './builder.ts';
import { FLAT_COLUMNS, LEGACY_COLUMNS, type FlatRow, type LegacyRow } from './columns.ts';
import { buildFromFlat, buildFromLegacy, mapRows, type Users } from './parse.ts';
import { readAllSheets } from './workbook-io.ts';

export type WorkbookImportMode = 'cover' | 'dedupe';

export interface WorkbookImportOptions {
  /** The file's name, for the type check (.xlsx only; .xls is refused with a hint to save as .xlsx). */
  fileName: string;
  /** Import into this project; without it a new DFMEA project is created, named from the workbook's header. */
  projectId?: string;
  /** For a new project: its team (exactly one responsible) and a name when the workbook has none. */
  newProject?: { members: TeamMember[]; name?: string };
  /** cover: replace the project's analysis; dedupe (default): add only what is not there by description. */
  mode?: WorkbookImportMode;
  /** Write the good rows even when others are wrong. */
  partial?: boolean;
  /** The file is a legacy AIAG 4th-edition sheet (else the workbook's flat chain sheet, found by its headers). */
  legacy?: boolean;
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
  /** Row-numbered issues of the rows left out (only with `partial`). */
  errors: Issue[];
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
  for (const r of rows) byName.set(r.userName, r.id);
  for (const r of rows) if (r.realName && !byName.has(r.realName)) byName.set(r.realName, r.id);
  return { idOf: (name) => byName.get(name.trim()) };
}

const HEADER_KEYS = ['name', 'customer', 'confidentiality', 'startDate'] as const;
type HeaderValues = Partial<Record<(typeof HEADER_KEYS)[number], string>>;

/** The workbook's header block (sheet 1, label/value pairs in either language): what a new project takes from it. */
function headerValues(sheets: Awaited<ReturnType<typeof readAllSheets>>): HeaderValues {
  const labels = new Map<string, (typeof HEADER_KEYS)[number]>();
  for (const key of HEADER_KEYS) for (const locale of LOCALES) labels.set(translate(locale, `fmeaExcel.header.${key}`).toLowerCase(), key);
  const out: HeaderValues = {};
  for (const { cells } of sheets[0]?.rows.slice(0, 6) ?? []) {
    for (let c = 1; c < cells.length; c++) {
      const key = cells[c] ? labels.get(cells[c]!.toLowerCase()) : undefined;
      if (key && cells[c + 1] && out[key] === undefined) out[key] = cells[c + 1];
    }
  }
  if (out.startDate !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(out.startDate)) delete out.startDate;
  return out;
}

type Parsed = { kind: 'flat'; rows: { row: number; values: FlatRow }[] } | { kind: 'legacy'; rows: { row: number; values: LegacyRow }[] };

function findRows(sheets: Awaited<ReturnType<typeof readAllSheets>>, legacy: boolean): Parsed {
  const columns = legacy ? LEGACY_COLUMNS : FLAT_COLUMNS;
  for (const sheet of sheets) {
    const mapped = mapRows(sheet.rows, columns);
    if (!mapped) continue;
    // The form sheet shares a few headers with the flat sheet; the flat one has all its required keys.
    if (mapped.missing.length > 0) {
      if (legacy) throw new InvalidInputError('file.format_invalid', { reason: 'header' }, mapped.missing.map((column) => ({ messageKey: 'file.missing_column', params: { column }, row: 1 })));
      continue;
    }
    return legacy ? { kind: 'legacy', rows: mapped.rows as { row: number; values: LegacyRow }[] } : { kind: 'flat', rows: mapped.rows as { row: number; values: FlatRow }[] };
  }
  throw new InvalidInputError(legacy ? 'fmeaExcel.legacy_sheet_missing' : 'fmeaExcel.chain_sheet_missing');
}

/** Removes the project's analysis (everything but the product node), links and all by cascade. */
async function clearAnalysis(db: Db, projectId: string): Promise<void> {
  const root = await db.select({ id: fmeaNode.id }).from(fmeaNode).where(and(eq(fmeaNode.projectId, projectId), isNull(fmeaNode.parentId))).get();
  if (root) await db.delete(fmeaFunction).where(eq(fmeaFunction.nodeId, root.id));
  await db.delete(fmeaNode).where(and(eq(fmeaNode.projectId, projectId), isNotNull(fmeaNode.parentId)));
}

const PROBE = Symbol('probe');

/** The engine's issues with the rows of `parsed` not in `skip`, found in a savepoint that is always rolled back. */
async function engineIssues(db: Db, projectId: string, parsed: Parsed, skip: ReadonlySet<number>, users: Users): Promise<Issue[]> {
  const rows = parsed.rows.filter((r) => !skip.has(r.row));
  const b = await AnalysisBuilder.withExisting(db, projectId);
  const sheet = parsed.kind === 'flat' ? buildFromFlat(rows as { row: number; values: FlatRow }[], b, users) : buildFromLegacy(rows as { row: number; values: LegacyRow }[], b, users);
  if (sheet.length > 0) return [];
  try {
    await db.transaction(async (sp) => {
      await importAnalysis({ db: sp as unknown as Db, actor: { userId: null, userName: 'probe' }, now: () => new Date() }, projectId, b.input);
      throw PROBE;
    });
  } catch (error) {
    if (error === PROBE) return [];
    if (error instanceof DomainError && error.messageKey === 'fmea.import_invalid') return b.sheetIssues(error.issues);
    throw error;
  }
  return [];
}

/**
 * Imports a DFMEA workbook (the flat chain sheet of our export, or with
 * `legacy` an AIAG 4th-edition sheet) through the engine's bulk import: one
 * transaction, every row checked by the engine's rules. A bad row refuses
 * the whole file with every issue numbered by sheet row, unless `partial`
 * (then the good rows go in and the report lists the others).
 */
export async function importDfmeaWorkbook(ctx: ServiceContext, data: Uint8Array, options: WorkbookImportOptions): Promise<WorkbookImportReport> {
  assertWorkbookFile(options.fileName, data.byteLength, options.limit);
  const mode = options.mode ?? 'dedupe';
  const sheets = await readAllSheets(data, spreadsheetLimits('dfmea', options.limit ?? SPREADSHEET_LIMIT_BYTES));
  const parsed = findRows(sheets, options.legacy === true);
  const total = parsed.rows.length;
  options.onProgress?.(0, total);
  const users = await usersOf(ctx.db);
  const inner = (db: Db): ServiceContext => ({ ...ctx, db });

  return ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    let projectId = options.projectId;
    if (projectId === undefined) {
      if (!options.newProject) throw new InvalidInputError('fmeaExcel.project_required');
      const header = headerValues(sheets);
      const name = header.name ?? options.newProject.name ?? options.fileName.replace(/\.xlsx$/i, '');
      projectId = (await createProject(inner(db), { ...header, projectType: 'dfmea', name, members: options.newProject.members })).id;
    } else {
      await editableProject(db, ctx.actor, projectId, ctx.now());
      if (mode === 'cover') await clearAnalysis(db, projectId);
    }
    let skip = new Set<number>();
    const errors: Issue[] = [];
    for (let attempt = 0; ; attempt++) {
      const rows = parsed.rows.filter((r) => !skip.has(r.row));
      // In cover mode the analysis is gone, so matching only works within the file.
      const b = await AnalysisBuilder.withExisting(db, projectId);
      const sheetIssues =
        parsed.kind === 'flat' ? buildFromFlat(rows as { row: number; values: FlatRow }[], b, users) : buildFromLegacy(rows as { row: number; values: LegacyRow }[], b, users);
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
        return { projectId, serialNum: project.serialNum, rows: total, imported: rows.length, counts: result.counts, errors };
      }
      const rowless = issues.filter((i) => i.row === undefined);
      // "import the good rows" with no good row left would write an empty analysis (or project): refuse it like any bad file
      const nothingGood = new Set([...skip, ...issues.map((i) => i.row)]).size >= parsed.rows.length;
      if (!options.partial || rowless.length > 0 || nothingGood || attempt >= 20) {
        // Also list what the engine would refuse among the other rows, then write nothing.
        if (sheetIssues.length > 0 && !options.partial) issues = [...issues, ...(await engineIssues(db, projectId, parsed, new Set([...skip, ...issues.map((i) => i.row!)]), users))];
        throw new InvalidInputError('fmeaExcel.import_invalid', { count: issues.length, rows: total }, [...errors, ...issues].sort((a, b) => (a.row ?? 0) - (b.row ?? 0)).slice(0, 200));
      }
      errors.push(...issues);
      skip = new Set([...skip, ...issues.map((i) => i.row!)]);
    }
  });
}
