import type { OpenAPIHono } from '@hono/zod-openapi';
import { apTrendOf, assertNoIssues, countsReport, fmeaFormOf, projectReportSide, PROJECT_REPORTS, dfmeaReportOf, nodesReport, pfmeaReportOf, PROJECT_TYPES, reportWorkbook, TASK_STATUS, taskReport, type ReportWorkbookInput } from '@fmea/core';
import { ok } from '../../envelope.ts';
import { serviceContext } from '../../http/context.ts';
import type { AppEnv } from '../../http/env.ts';
import { Id } from '../../http/fields.ts';
import { asDownload, sendBytes, XLSX_TYPE } from '../../http/files.ts';
import { defineRoute, z } from '../../http/route.ts';

/**
 * Reports (issue 25; area report_index; docs/domain/reports.md): each report as JSON for its page and as a
 * workbook. Every call reads only (GET, nothing written). Core decides who reads what: the area's route, and for
 * a project's report the project's own read access.
 */
const TAG = 'report';
const READ = { route: 'report_index' } as const;
const Stamp = { timestamp: z.string().max(40).optional() };
const ProjectRef = Id.openapi({ description: 'The FMEA project, by id or number (DF…, PF…)' });
const int = () => z.number().int();

const ApCounts = z.strictObject({ H: int(), M: int(), L: int(), unrated: int(), chains: int() }).openapi('ReportApCounts');
const HeatCell = z.strictObject({ s: int(), o: int(), n: int(), H: int(), M: int(), L: int() }).openapi('ReportHeatCell');
const Project = z.strictObject({ id: z.string(), serialNum: z.string(), name: z.string(), projectType: z.string(), reviewStatus: z.string(), versionLabel: z.string().nullable() }).openapi('ReportProject');
const ActionItem = z.strictObject({
  id: z.string(),
  description: z.string(),
  causeDescription: z.string(),
  ownerId: z.string().nullable(),
  ownerName: z.string().nullable(),
  ownerNameEn: z.string().nullable(),
  targetDate: z.string().nullable(),
  status: z.string(),
  overdue: z.boolean(),
});
const OpenActions = z
  .strictObject({
    open: int(),
    overdue: int(),
    owners: z.array(z.strictObject({ ownerId: z.string().nullable(), ownerName: z.string().nullable(), ownerNameEn: z.string().nullable(), open: int(), overdue: int(), items: z.array(ActionItem) })),
  })
  .openapi('ReportOpenActions');
const Special = {
  id: z.string(),
  name: z.string(),
  characteristicClass: z.string(),
  customerClass: z.string().nullable(),
  functionDescription: z.string(),
  elementName: z.string(),
};
const Picture = { before: ApCounts, after: ApCounts, heatBefore: z.array(HeatCell), heatAfter: z.array(HeatCell), project: Project, generatedAt: z.string(), openActions: OpenActions };

const DfmeaReportSchema = z
  .strictObject({
    ...Picture,
    specialCharacteristics: z.array(z.strictObject(Special)),
    testCoverage: z.strictObject({ controls: int(), tested: int(), qualified: int(), unqualified: int(), open: int(), available: z.boolean(), percent: int().nullable() }),
  })
  .openapi('DfmeaReport');

const ControlPlanState = z.enum(['complete', 'incomplete', 'missing']);
const PfmeaReportSchema = z
  .strictObject({
    ...Picture,
    specialCharacteristics: z.array(z.strictObject({ ...Special, controlPlan: ControlPlanState, lines: int() })),
    controlPlan: z.strictObject({ complete: int(), incomplete: int(), missing: int() }),
  })
  .openapi('PfmeaReport');

const TrendSchema = z
  .strictObject({ project: Project, points: z.array(z.strictObject({ label: z.string().openapi({ description: 'BL1, BL2, …; "working" for the working copy' }), at: z.string(), before: ApCounts, after: ApCounts })) })
  .openapi('ReportApTrend');

const Totals = z.array(z.strictObject({ value: z.string(), n: int() }));
const CountsSchema = z
  .strictObject({
    rows: z.array(
      z.strictObject({
        keys: z.strictObject({ projectType: z.string().nullable(), reviewStatus: z.string().nullable(), siteId: z.string().nullable() }),
        siteName: z.string().nullable(),
        siteNameEn: z.string().nullable(),
        n: int(),
      }),
    ),
    byType: Totals,
    byStatus: Totals,
    bySite: Totals,
    total: int(),
    sites: z.array(z.string()).nullable().openapi({ description: 'null: every site; else the sites counted (with the projects of no site)' }),
  })
  .openapi('ReportCounts');

const NodeCounts = { nodes: int(), functions: int(), effects: int(), modes: int(), causes: int(), chains: int() };
const NodesSchema = z
  .strictObject({ rows: z.array(z.strictObject({ projectId: z.string(), serialNum: z.string(), name: z.string(), projectType: z.string(), ...NodeCounts })), total: z.strictObject(NodeCounts) })
  .openapi('ReportNodes');

const StatusCounts = z.strictObject(Object.fromEntries(Object.values(TASK_STATUS).map((code) => [code, int()]))).openapi({ description: 'Each task status code (0 not started … 7 withdrawn) and its count' });
const TasksSchema = z
  .strictObject({
    total: int(),
    open: int(),
    overdue: int(),
    byStatus: StatusCounts,
    handlers: z.array(z.strictObject({ handlerId: z.string().nullable(), handlerName: z.string().nullable(), total: int(), open: int(), overdue: int(), byStatus: StatusCounts })),
  })
  .openapi('ReportTasks');

export const dfmeaRoute = defineRoute({
  method: 'get',
  path: '/api/report/dfmea',
  tag: TAG,
  summary: 'The DFMEA report of a design-side FMEA: AP before/after optimisation, S×O heat maps, open actions, special characteristics, test coverage',
  description: 'Needs report_index and the project’s read access (member, shared reader, administrator). A process FMEA is refused (400 report.not_dfmea).',
  access: READ,
  request: { query: z.object({ projectId: ProjectRef, ...Stamp }) },
  data: DfmeaReportSchema,
});

export const pfmeaRoute = defineRoute({
  method: 'get',
  path: '/api/report/pfmea',
  tag: TAG,
  summary: 'The PFMEA and control-plan report: AP before/after, heat maps, open actions, special characteristics with their control-plan state',
  access: READ,
  request: { query: z.object({ projectId: ProjectRef, ...Stamp }) },
  data: PfmeaReportSchema,
});

const Side = z.enum(Object.keys(PROJECT_REPORTS) as [keyof typeof PROJECT_REPORTS, ...(keyof typeof PROJECT_REPORTS)[]]);
export const trendRoute = defineRoute({
  method: 'get',
  path: '/api/report/trend',
  tag: TAG,
  summary: 'AP distribution over time: each baseline rated with the AP rules it froze, then the working copy',
  access: READ,
  request: { query: z.object({ projectId: ProjectRef, kind: Side, ...Stamp }) },
  data: TrendSchema,
});

export const countsRoute = defineRoute({
  method: 'get',
  path: '/api/report/counts',
  tag: TAG,
  summary: 'The counts report: FMEA projects by type, review status and site (the responsible person’s)',
  description: 'Administrators count every site, others their own sites and projects of no site.',
  access: READ,
  request: { query: z.object(Stamp) },
  data: CountsSchema,
});

export const nodesRoute = defineRoute({
  method: 'get',
  path: '/api/report/nodes',
  tag: TAG,
  summary: 'The nodes report: per FMEA project the caller may open, its nodes, functions, effects, modes, causes and chains',
  access: READ,
  request: { query: z.object({ projectType: z.enum(PROJECT_TYPES).optional(), ...Stamp }) },
  data: NodesSchema,
});

export const tasksRoute = defineRoute({
  method: 'get',
  path: '/api/report/tasks',
  tag: TAG,
  summary: 'The task report: tasks by status and by handler, unfinished ones past their planned end overdue',
  description: 'Holders of the task or program routes count every live task, others their own (handled or launched).',
  access: READ,
  request: { query: z.object({ programId: Id.optional(), ...Stamp }) },
  data: TasksSchema,
});

const Ap = z.enum(['H', 'M', 'L']).nullable();
const Rating = int().nullable();
const FormSchema = z
  .strictObject({
    project: Project,
    generatedAt: z.string(),
    rows: z.array(
      z.strictObject({
        elementName: z.string(),
        functionDescription: z.string(),
        effect: z.string().nullable(),
        severity: Rating,
        mode: z.string(),
        cause: z.string().nullable(),
        preventionControls: z.array(z.string()),
        occurrence: Rating,
        detectionControls: z.array(z.string()),
        detection: Rating,
        ap: Ap,
        actions: z.array(z.strictObject({ description: z.string(), status: z.string(), targetDate: z.string().nullable() })),
        raseverity: Rating,
        raoccurrence: Rating,
        radet: Rating,
        raAp: Ap,
      }),
    ),
  })
  .openapi('ReportFmeaForm');

export const formRoute = defineRoute({
  method: 'get',
  path: '/api/report/form',
  tag: TAG,
  summary: 'The FMEA form of a project to print: the risk grid’s rows in AIAG-VDA form order, as the grid rates them',
  description: 'Needs report_index and the project’s read access. The form’s workbook stays /api/project/exportData.',
  access: READ,
  request: { query: z.object({ projectId: ProjectRef, ...Stamp }) },
  data: FormSchema,
});

const EXPORT_KINDS = ['dfmea', 'pfmea', 'counts', 'nodes', 'tasks'] as const;
export const exportRoute = asDownload(
  defineRoute({
    method: 'get',
    path: '/api/report/export',
    tag: TAG,
    summary: 'A report as a workbook (xlsx): one sheet per section, headers in the reader’s language, charts as their tables',
    description: 'dfmea and pfmea need projectId and add the AP-over-time sheet. The user score ranking’s workbook is the CLI’s (`fmea report ranking --out x.xlsx`); its page is the task area’s.',
    access: { route: 'report_index', button: 'export' },
    request: { query: z.object({ kind: z.enum(EXPORT_KINDS), projectId: ProjectRef.optional(), ...Stamp }) },
    data: z.null(),
  }),
  'The workbook',
);

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(dfmeaRoute, async (c) => c.json(ok(await dfmeaReportOf(serviceContext(c), c.req.valid('query').projectId)), 200));
  app.openapi(pfmeaRoute, async (c) => c.json(ok(await pfmeaReportOf(serviceContext(c), c.req.valid('query').projectId)), 200));
  app.openapi(trendRoute, async (c) => {
    const { projectId, kind } = c.req.valid('query');
    return c.json(ok(await apTrendOf(serviceContext(c), projectId, PROJECT_REPORTS[kind])), 200);
  });
  app.openapi(formRoute, async (c) => {
    const form = await fmeaFormOf(serviceContext(c), c.req.valid('query').projectId);
    return c.json(
      ok({
        project: form.project,
        generatedAt: form.generatedAt,
        rows: form.rows.map((r) => ({
          elementName: r.elementName,
          functionDescription: r.functionDescription,
          effect: r.effect?.description ?? null,
          severity: r.severity,
          mode: r.mode.description,
          cause: r.cause?.description ?? null,
          preventionControls: [...r.preventionControls],
          occurrence: r.occurrence,
          detectionControls: [...r.detectionControls],
          detection: r.detection,
          ap: r.ap,
          actions: r.actions.map((a) => ({ description: a.description, status: a.status, targetDate: a.targetDate })),
          raseverity: r.raseverity,
          raoccurrence: r.raoccurrence,
          radet: r.radet,
          raAp: r.raAp,
        })),
      }),
      200,
    );
  });
  app.openapi(countsRoute, async (c) => c.json(ok(await countsReport(serviceContext(c))), 200));
  app.openapi(nodesRoute, async (c) => c.json(ok(await nodesReport(serviceContext(c), { projectType: c.req.valid('query').projectType })), 200));
  app.openapi(tasksRoute, async (c) => c.json(ok(await taskReport(serviceContext(c), { programId: c.req.valid('query').programId })), 200));
  app.openapi(exportRoute, async (c) => {
    const { kind, projectId } = c.req.valid('query');
    const ctx = serviceContext(c);
    const input = await workbookInput(ctx, kind, projectId);
    const project = 'project' in input.report ? input.report.project : null;
    const name = project ? `${kind}-report-${project.serialNum}` : `${kind}-report`;
    return sendBytes(c, await reportWorkbook(input, c.var.locale), `${name}.xlsx`, XLSX_TYPE);
  });
}

/** The report a workbook is written from (the CLI gathers the same in cli/src/commands/report). */
async function workbookInput(ctx: ReturnType<typeof serviceContext>, kind: (typeof EXPORT_KINDS)[number], projectId: string | undefined): Promise<ReportWorkbookInput> {
  const side = projectReportSide(kind);
  if (side && !projectId) assertNoIssues([{ messageKey: 'validation.required', field: 'projectId', params: { field: 'projectId' } }]);
  if (side === 'design') return { kind: side, report: await dfmeaReportOf(ctx, projectId!), trend: await apTrendOf(ctx, projectId!, side) };
  if (side === 'process') return { kind: side, report: await pfmeaReportOf(ctx, projectId!), trend: await apTrendOf(ctx, projectId!, side) };
  switch (kind) {
    case 'counts':
      return { kind, report: await countsReport(ctx) };
    case 'nodes':
      return { kind, report: await nodesReport(ctx) };
    case 'tasks':
      return { kind, report: await taskReport(ctx) };
  }
  throw new Error(`report kind ${kind} has no workbook`);
}
