import { DomainError, InvalidInputError, type Issue } from '../../errors.ts';
import type { ServiceContext } from '../shared/context.ts';
import { readSheet, SPREADSHEET_LIMIT_BYTES, writeSheet, type SheetColumn } from '../shared/xlsx.ts';
import { spreadsheetLimits } from '../shared/zip-guard.ts';
import { checkOnlyTransaction } from './passwords.ts';
import { createUser, findUserRow, listUsers, updateUser, type UserInput } from './users.ts';

type UserColumn = 'userName' | 'realName' | 'jobNumber' | 'email' | 'mobile' | 'site' | 'department' | 'roles' | 'password';

/** Headers accepted in either language; the export writes the English key first so files round-trip. */
export const USER_SHEET_COLUMNS: readonly SheetColumn<UserColumn>[] = [
  { key: 'userName', headers: ['userName', '用户名', 'User name'], required: true },
  { key: 'realName', headers: ['realName', '姓名', 'Real name'] },
  { key: 'jobNumber', headers: ['jobNumber', '工号', 'Job number'] },
  { key: 'email', headers: ['email', '邮箱', 'E-mail'], width: 28 },
  { key: 'mobile', headers: ['mobile', '手机', 'Mobile'] },
  { key: 'site', headers: ['site', '站点', 'Site'] },
  { key: 'department', headers: ['department', '部门', 'Department'] },
  { key: 'roles', headers: ['roles', '角色', 'Roles'], width: 24 },
  { key: 'password', headers: ['password', '密码', 'Password'] },
];

export type ImportMode = 'cover' | 'dedupe';

export interface ImportOptions {
  /** cover: update users that exist; dedupe: skip them (spec import modes). */
  mode?: ImportMode;
  /** Write the good rows even when others are wrong (the user asked for it). */
  partial?: boolean;
  /** The import's size limit in bytes (IMPORT_MAX_MB; default 1 MB): the decompression limits follow it. */
  limit?: number;
  /** Import even though columns with data have no field (listed in the report); else the file is refused, listing them. */
  acceptUnmapped?: boolean;
  onProgress?: (done: number, total: number) => void;
}

export interface ImportReport {
  created: { userName: string; generatedPassword?: string }[];
  updated: string[];
  skipped: string[];
  errors: Issue[];
  /** Columns left out with the user's consent. */
  unmapped: Issue[];
}

function toInput(values: Record<UserColumn, string>): UserInput {
  const list = (text: string) => text.split(/[,，;；]/).map((s) => s.trim()).filter(Boolean);
  return {
    userName: values.userName,
    realName: values.realName,
    jobNumber: values.jobNumber,
    email: values.email,
    mobile: values.mobile,
    site: values.site || undefined,
    department: values.department || undefined,
    roles: values.roles ? list(values.roles) : undefined,
    password: values.password || undefined,
  };
}

function rowIssues(error: unknown, row: number): Issue[] {
  if (!(error instanceof DomainError)) throw error;
  if (error.issues.length) return error.issues.map((issue) => ({ ...issue, row }));
  return [{ messageKey: error.messageKey, params: error.params, row }];
}

/**
 * Imports users from the first sheet. Every row is checked first; if any row
 * is wrong nothing is written (unless `partial`), and the report lists the
 * row-numbered errors. Each written row is its own logged transaction.
 */
export async function importUsers(ctx: ServiceContext, data: Uint8Array, options: ImportOptions = {}): Promise<ImportReport> {
  const mode = options.mode ?? 'dedupe';
  const { rows, unmapped } = await readSheet(data, USER_SHEET_COLUMNS, spreadsheetLimits('table', options.limit ?? SPREADSHEET_LIMIT_BYTES), { acceptUnmapped: options.acceptUnmapped });
  const report: ImportReport = { created: [], updated: [], skipped: [], errors: [], unmapped };
  const seen = new Set<string>();
  const plan: { row: number; input: UserInput; exists: boolean }[] = [];
  for (const { row, values } of rows) {
    const input = toInput(values);
    const name = input.userName.trim();
    if (seen.has(name)) {
      report.errors.push({ messageKey: 'user.import_duplicate_in_file', params: { userName: name }, row });
      continue;
    }
    seen.add(name);
    const exists = await findUserRow(ctx.db, name).then(
      () => true,
      () => false,
    );
    const problems = await dryRun(ctx, input, exists, mode, row);
    if (problems.length) report.errors.push(...problems);
    else plan.push({ row, input, exists });
  }
  if (report.errors.length && !options.partial) {
    throw new InvalidInputError('import.rows_invalid', {}, report.errors);
  }
  let done = 0;
  for (const { input, exists } of plan) {
    if (exists && mode === 'dedupe') report.skipped.push(input.userName.trim());
    else if (exists) {
      const { password: _ignored, ...profile } = input;
      await updateUser(ctx, input.userName, profile);
      report.updated.push(input.userName.trim());
    } else {
      const created = await createUser(ctx, input);
      report.created.push({ userName: created.user.userName, generatedPassword: created.generatedPassword });
    }
    options.onProgress?.(++done, plan.length);
  }
  return report;
}

/** Validates a row by running it in a transaction that is always rolled back. */
async function dryRun(ctx: ServiceContext, input: UserInput, exists: boolean, mode: ImportMode, row: number): Promise<Issue[]> {
  if (exists && mode === 'dedupe') return [];
  const rollback = new Error('dry run');
  try {
    await ctx.db.transaction(async (tx) => {
      const txCtx = { ...ctx, db: checkOnlyTransaction(tx) as unknown as ServiceContext['db'] };
      if (exists) {
        const { password: _ignored, ...profile } = input;
        await updateUser(txCtx, input.userName, profile);
      } else await createUser(txCtx, input);
      throw rollback;
    });
  } catch (error) {
    if (error === rollback) return [];
    return rowIssues(error, row);
  }
  return [];
}

/** Exports every user (no passwords) in the import layout. */
export async function exportUsers(ctx: ServiceContext): Promise<Uint8Array> {
  const rows = [];
  for (let page = 1; ; page++) {
    const batch = await listUsers(ctx, { page, limit: 500 });
    rows.push(...batch.items);
    if (batch.items.length < batch.limit) break;
  }
  return writeSheet(
    'users',
    USER_SHEET_COLUMNS.filter((c) => c.key !== 'password'),
    rows.map((u) => ({
      userName: u.userName,
      realName: u.realName,
      jobNumber: u.jobNumber,
      email: u.email,
      mobile: u.mobile,
      site: u.siteName,
      department: u.departmentName,
      roles: u.roleNames.join(','),
    })),
  );
}
