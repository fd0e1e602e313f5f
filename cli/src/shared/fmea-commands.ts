/**
 * The commands `fmea dfmea` and `fmea pfmea` share: list, export and import
 * of a project type's AIAG-VDA form workbook. One implementation,
 * parameterised by the type (its projects, its form, its number prefix and
 * the few help texts that name it); core's workbook code picks the DFMEA or
 * PFMEA form by the project's type the same way. Services are imported
 * inside the actions (`fmea --help` starts fast).
 */
import { Option, type Command } from 'commander';
import type { Issue } from '@fmea/core/errors';
import type { ProjectLabels, ProjectListItem } from '@fmea/core/services';
import { contextOf } from '../context.ts';
import { translateIssueLine } from '../i18n/index.ts';
import { formatDateTime } from '../ui/index.ts';
import { assertExtension, readInputFile, writeOutputFile } from './files.ts';
import { importLimitBytes, parseCount } from './options.ts';
import { progressCallback } from './progress.ts';
import { withUnmappedHint } from './unmapped.ts';
import type { FmeaSide } from '@fmea/core/domain';

export interface FmeaCommandKind {
  readonly projectType: FmeaSide;
  /** Help texts that name the type (cli.<type>.…); the others are shared. */
  readonly keys: {
    readonly listDescription: string;
    readonly argProjectNum: string;
    readonly exportDescription: string;
    readonly importDescription: string;
    readonly importOptionProject: string;
    readonly importOptionLegacy: string;
  };
}

const kindKeys = (type: FmeaSide): FmeaCommandKind['keys'] => ({
  listDescription: `cli.${type}.list.description`,
  argProjectNum: `cli.${type}.arg_project_num`,
  exportDescription: `cli.${type}.export.description`,
  importDescription: `cli.${type}.import.description`,
  importOptionProject: `cli.${type}.import.option_project`,
  importOptionLegacy: `cli.${type}.import.option_legacy`,
});

export const DFMEA_COMMANDS: FmeaCommandKind = { projectType: 'dfmea', keys: kindKeys('dfmea') };
export const PFMEA_COMMANDS: FmeaCommandKind = { projectType: 'pfmea', keys: kindKeys('pfmea') };

interface ListOptions {
  readonly search?: string;
  readonly page?: string;
  readonly limit?: string;
}

/**
 * `fmea <type> list [--search] [--page] [--limit]`: the type's projects,
 * newest change first; customer and stage by their dictionary names and the
 * last change in local format, in the CLI's language. JSON gives the page
 * object, each item with its codes and `labels`.
 */
export function registerFmeaList(parent: Command, kind: FmeaCommandKind): void {
  const { t } = contextOf(parent);
  parent
    .command('list')
    .description(t(kind.keys.listDescription))
    .option('--search <text>', t('cli.dfmea.list.option_search'))
    .option('--page <n>', t('cli.option.page'), '1')
    .option('--limit <n>', t('cli.option.limit'), '20')
    .action(async (options: ListOptions, command: Command) => {
      const context = contextOf(command);
      const { t: tr } = context;
      const page = parseCount(options.page, '--page');
      const limit = parseCount(options.limit, '--limit');
      const { listProjects, projectLabeler } = await import('@fmea/core/services');
      const ctx = await context.services();
      const result = await listProjects(ctx, { tab: 'all', projectTypes: [kind.projectType], search: options.search, page, limit });
      const label = await projectLabeler(ctx.db, context.locale);
      const items = result.items.map((item) => ({ ...item, labels: label(item) }));
      await context.out.printTable<ProjectListItem & { labels: ProjectLabels }>(
        items,
        [
          { header: tr('cli.dfmea.field.serial_num'), value: 'serialNum' },
          { header: tr('cli.dfmea.field.name'), value: 'name' },
          { header: tr('cli.dfmea.field.customer'), value: (p) => p.labels.customer ?? '' },
          { header: tr('cli.dfmea.field.stage'), value: (p) => p.labels.stage ?? '' },
          { header: tr('cli.dfmea.field.responsible'), value: 'responsibleName' },
          { header: tr('cli.dfmea.field.updated_at'), value: (p) => formatDateTime(p.updatedAt, context.locale, context.io.env) },
        ],
        { ...result, items },
      );
      const pages = Math.max(1, Math.ceil(result.total / result.limit));
      await context.out.printMessage(tr('cli.list.footer', { total: result.total, page: result.page, pages }));
    });
}

/**
 * `fmea <type> export <projectNum> <file.xlsx> [--company]`: the type's
 * AIAG-VDA form workbook, with progress, written atomically. A project of
 * the other type is refused (exit 2).
 */
export function registerFmeaExport(parent: Command, kind: FmeaCommandKind): void {
  const { t } = contextOf(parent);
  parent
    .command('export')
    .description(t(kind.keys.exportDescription))
    .argument('<projectNum>', t(kind.keys.argProjectNum))
    .argument('<file>', t('cli.arg_xlsx_out'))
    .option('--company <name>', t('cli.dfmea.export.option_company'))
    .action(async (projectNum: string, path: string, options: { company?: string }, command: Command) => {
      const context = contextOf(command);
      assertExtension(path, ['.xlsx']);
      const { exportFmeaWorkbook, getProjectBySerialNumber, readRiskGrid } = await import('@fmea/core/services');
      const ctx = await context.services();
      const project = await getProjectBySerialNumber(ctx, projectNum);
      const progress = progressCallback(context.out, context.t('cli.dfmea.progress.export'));
      const bytes = await exportFmeaWorkbook(ctx, project.id, { locale: context.locale, company: options.company, projectType: kind.projectType, onProgress: progress.onProgress });
      await progress.done();
      const { total } = await readRiskGrid(ctx, project.id, { limit: 1 });
      await writeOutputFile(path, bytes);
      await context.out.printMessage(context.t('cli.dfmea.export.done', { count: total, path, serialNum: project.serialNum }), { path, serialNum: project.serialNum, chains: total });
    });
}

interface ImportOptions {
  readonly project?: string;
  readonly mode: 'cover' | 'dedupe';
  readonly partial?: boolean;
  readonly legacy?: boolean;
  readonly acceptUnmapped?: boolean;
  readonly owner: string;
  readonly maxMb?: string;
}

/**
 * `fmea <type> import <file.xlsx> [--project <num>] [--mode cover|dedupe]
 * [--partial] [--legacy] [--accept-unmapped] [--owner <userName>] [--max-mb <n>]`:
 * the workbook's chain sheet or a legacy AIAG 4th-edition sheet of the type
 * (recognised by its headers; --legacy when it is not) through the engine's
 * bulk import. Without --project a new project of the type is created (DF or
 * PF number), named from the workbook's header, owned by --owner; a project
 * of the other type is refused. A column, header cell or sheet with data the
 * import has no place for → the list, exit 2, nothing written, unless
 * --accept-unmapped. Any bad row → every row-numbered error, exit 2, nothing
 * written, unless --partial. The summary counts what was created by kind.
 * The file may be at most --max-mb megabytes (default IMPORT_MAX_MB, else
 * 1; whole numbers 1..100).
 */
export function registerFmeaImport(parent: Command, kind: FmeaCommandKind): void {
  const { t } = contextOf(parent);
  parent
    .command('import')
    .description(t(kind.keys.importDescription))
    .argument('<file>', t('cli.dfmea.arg_xlsx_in'))
    .option('--project <num>', t(kind.keys.importOptionProject))
    .addOption(new Option('--mode <mode>', t('cli.dfmea.import.option_mode')).choices(['cover', 'dedupe']).default('dedupe'))
    .option('--partial', t('cli.dfmea.import.option_partial'))
    .option('--legacy', t(kind.keys.importOptionLegacy))
    .option('--accept-unmapped', t('cli.import.option_accept_unmapped'))
    .option('--owner <userName>', t('cli.dfmea.import.option_owner'), 'admin')
    .option('--max-mb <n>', t('cli.dfmea.import.option_max_mb'))
    .action(async (path: string, options: ImportOptions, command: Command) => {
      const context = contextOf(command);
      const { t: tr, out, locale } = context;
      const { assertWorkbookFile, findUserRow, getProjectBySerialNumber, importFmeaWorkbook } = await import('@fmea/core/services');
      const limit = await importLimitBytes(options.maxMb, context.io.env);
      const file = await readInputFile(path, (name, size) => assertWorkbookFile(name, size, limit));
      const ctx = await context.services();
      const target = options.project === undefined ? undefined : await getProjectBySerialNumber(ctx, options.project);
      const owner = target ? undefined : await findUserRow(ctx.db, options.owner);
      const progress = progressCallback(out, tr('cli.progress.import'));
      const report = await withUnmappedHint(() =>
        importFmeaWorkbook(ctx, file.bytes, {
          fileName: file.name,
          projectId: target?.id,
          projectType: kind.projectType,
          newProject: owner ? { members: [{ userId: owner.id, roles: [0] }] } : undefined,
          mode: options.mode,
          partial: options.partial === true,
          legacy: options.legacy === true,
          acceptUnmapped: options.acceptUnmapped === true,
          limit,
          onProgress: progress.onProgress,
        }),
      );
      await progress.done();
      const described = (issue: Issue) => ({ ...issue, message: translateIssueLine(locale, issue) });
      const errors = report.errors.map(described);
      const unmapped = report.unmapped.map(described);
      const lines = [tr('cli.dfmea.import.summary', { imported: report.imported, rows: report.rows, serialNum: report.serialNum }), tr('cli.dfmea.import.created', { ...report.created })];
      if (report.unknownNames.length > 0) lines.push(tr('cli.dfmea.import.unknown_names', { names: report.unknownNames.join(', ') }));
      if (unmapped.length > 0) {
        lines.push(tr('cli.import.left_out'));
        for (const u of unmapped) lines.push(`  ${u.message}`);
      }
      if (errors.length > 0) {
        lines.push(tr('cli.dfmea.import.not_imported'));
        for (const e of errors) lines.push(`  ${e.message}`);
      }
      await out.printLines(lines, { ...report, errors, unmapped });
    });
}
