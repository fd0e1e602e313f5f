import type { OpenAPIHono } from '@hono/zod-openapi';
import { deleteTask, editTask, exportProgramTemplate, exportTasks, getTask, importTasks, launchTask, listTaskLog, listTasks, nodeTaskProgress, type TaskStatus } from '@fmea/core';
import { ok } from '../../envelope.ts';
import { serviceContext } from '../../http/context.ts';
import type { AppEnv } from '../../http/env.ts';
import { DateTime, Id } from '../../http/fields.ts';
import { asDownload, sendBytes, XLSX_TYPE } from '../../http/files.ts';
import { defineRoute, jsonBody, z } from '../../http/route.ts';
import { pushMessages } from '../../realtime/message-push.ts';
import { Version } from '../fmea/schemas.ts';
import { pageOf, PageQuery } from '../notices/schemas.ts';
import { importWorkbook } from '../program/programs.ts';
import { DayInput, ExchangeImportForm, ExchangeReportSchema, TASK_TAG, TaskKey, TaskListName, TaskSchema, TaskStatusCode } from '../program/schemas.ts';
import { PROJECT_TASK_SOURCES, TASK_LABELS, TASK_LOG_ACTIONS, TASK_SOURCE_CODES, TASK_TYPES } from '@fmea/core';
import { CustomListFields } from '../custom-fields/list-query.ts';

/**
 * Tasks (issue 24, spec 001 §3 Task; area task_index): the six lists, one task, create, edit, delete, the
 * task log of a program or an FMEA, the task progress of an FMEA's nodes (for the mind map), and workbooks.
 * Any signed-in user reaches these calls: core decides (a handler works their own tasks without the task
 * area; adding needs task_index add, or program_detail schedule for a program's task; editing and
 * deleting follow xmcjzRule; docs/domain/programs-tasks.md "Who may do what").
 */
const TAG = TASK_TAG;

const TaskInputFields = {
  taskName: z.string().max(200),
  customFields: z
    .record(z.string().max(50), z.union([z.string().max(200), z.number(), z.null()]))
    .optional()
    .openapi({ description: 'Custom field values by system name (GET /api/customField/list?entity=task); blank or null clears; an update keeps the fields left out' }),
  taskDesc: z.string().max(200).nullable().optional(),
  taskType: z.enum(TASK_TYPES),
  taskLabel: z.enum(TASK_LABELS).nullable().optional(),
  taskSource: z.enum(TASK_SOURCE_CODES).nullable().optional(),
  projectTaskSource: z.enum(PROJECT_TASK_SOURCES).nullable().optional(),
  programId: Id.nullable().optional().openapi({ description: 'The program (id or number)' }),
  programStageId: Id.nullable().optional(),
  parentId: Id.nullable().optional().openapi({ description: 'The superior task; on an FMEA node it is the task of the node’s parent, which must exist first' }),
  projectId: Id.nullable().optional().openapi({ description: 'The FMEA (id or number); it must belong to the program' }),
  nodeId: Id.nullable().optional().openapi({ description: 'A node of that FMEA (the spec’s pptSerial / projectProcedureSerial)' }),
  handlerId: Id,
  plannedStart: DayInput,
  plannedEnd: DayInput,
  hours: z.number().min(0).max(100000).nullable().optional(),
  dre: z.string().max(200).nullable().optional(),
};

export const listRoute = defineRoute({
  method: 'post',
  path: '/api/task/list',
  tag: TAG,
  summary: 'One of the task lists: to do, launched, all, done, current, history',
  description: 'all lists every task for holders of task_index or a program route, the caller’s own (handled or launched) for others. taskStatus narrows to those codes.',
  access: 'user',
  request: jsonBody(
    z.object({
      ...PageQuery,
      list: TaskListName,
      search: z.string().trim().max(200).optional(),
      programId: Id.optional(),
      projectId: Id.optional(),
      taskStatus: z.array(TaskStatusCode).max(8).optional(),
      taskType: z.enum(TASK_TYPES).optional(),
      ...CustomListFields,
    }),
  ),
  data: pageOf(TaskSchema).openapi('ProgramTaskPage'),
});

export const getRoute = defineRoute({
  method: 'get',
  path: '/api/task/get',
  tag: TAG,
  summary: 'One task (its handler and launcher, and holders of the task or program routes)',
  access: 'user',
  request: { query: z.object({ id: TaskKey, timestamp: z.string().max(40).optional() }) },
  data: TaskSchema,
});

export const createRoute = defineRoute({
  method: 'post',
  path: '/api/task/create',
  tag: TAG,
  summary: 'Launch a task (numbered PR, or PT on a PFMEA); its handler gets a programTask message',
  description: 'A task on an FMEA node below the root needs the task of the node’s parent in the same program first (400 task.superior_task_first naming the part). Needs task_index add, or program_detail schedule for a program’s task.',
  access: 'user',
  request: jsonBody(z.object(TaskInputFields)),
  data: TaskSchema,
});

export const updateRoute = defineRoute({
  method: 'post',
  path: '/api/task/update',
  tag: TAG,
  summary: 'Edit a task against the version read (not once completed or cancelled)',
  description: 'task_index edit under xmcjzRule (its launcher), or program_detail schedule for a program’s task.',
  access: 'user',
  request: jsonBody(z.object({ id: TaskKey, version: Version, ...TaskInputFields })),
  data: TaskSchema,
});

export const deleteRoute = defineRoute({
  method: 'post',
  path: '/api/task/delete',
  tag: TAG,
  summary: 'Delete a task with its dependencies (refused while tasks hang under it)',
  access: 'user',
  request: jsonBody(z.object({ id: TaskKey })),
  data: z.null(),
});

const LogEntrySchema = z
  .strictObject({
    id: z.string(),
    taskId: z.string(),
    taskNum: z.string(),
    taskName: z.string(),
    action: z.enum(TASK_LOG_ACTIONS),
    fromStatus: TaskStatusCode.nullable(),
    toStatus: TaskStatusCode.nullable(),
    note: z.string().nullable(),
    actorName: z.string(),
    at: DateTime,
  })
  .openapi('TaskLogEntry');

export const logRoute = defineRoute({
  method: 'get',
  path: '/api/task/log',
  tag: TAG,
  summary: 'The task log of a program or of an FMEA project: who did what to which task, when (newest first)',
  description: 'Give programId (program readers) or projectId (those who may open the FMEA).',
  access: 'user',
  request: { query: z.object({ ...PageQuery, programId: Id.optional().openapi({ description: 'The program (id or number); or give projectId' }), projectId: Id.optional() }) },
  data: pageOf(LogEntrySchema).openapi('TaskLogPage'),
});

const NodeProgressSchema = z
  .strictObject({
    nodeId: z.string(),
    pptSerial: z.string().nullable(),
    projectProcedureSerial: z.string().nullable(),
    percent: z.number().int().openapi({ description: 'Completed among the node’s tasks that are not cancelled' }),
    analysisComplete: z.boolean().openapi({ description: 'The node’s analysis is complete (a function, and the checks before release find nothing on it or below): its handler may complete its task without review' }),
    findings: z.number().int().openapi({ description: 'What the checks before release find on the node or below it' }),
    tasks: z.array(
      z.strictObject({ id: z.string(), taskNum: z.string(), taskName: z.string(), taskType: z.string(), taskStatus: TaskStatusCode, handlerName: z.string().nullable(), plannedEnd: z.string().nullable(), programNum: z.string().nullable() }),
    ),
  })
  .openapi('NodeTaskProgress');

export const nodeProgressRoute = defineRoute({
  method: 'get',
  path: '/api/task/nodeProgress',
  tag: TAG,
  summary: 'The task progress of an FMEA’s nodes, for the mind map (live updates: receiveMessage taskProgress)',
  access: 'user',
  request: { query: z.object({ projectId: Id, timestamp: z.string().max(40).optional() }) },
  data: z.array(NodeProgressSchema),
});

export const exportDataRoute = asDownload(
  defineRoute({
    method: 'get',
    path: '/api/task/exportData',
    tag: TAG,
    summary: 'Export tasks (all, or a program’s) as an xlsx, headers in the reader’s language',
    access: { route: 'task_index', button: 'export' },
    request: { query: z.object({ programId: Id.optional(), timestamp: z.string().max(40).optional() }) },
    data: z.null(),
  }),
  'The spreadsheet',
);

export const exportDescriptionRoute = asDownload(
  defineRoute({
    method: 'get',
    path: '/api/task/exportDescription',
    tag: TAG,
    summary: 'Export the task import template (headers, and what each column takes)',
    access: { route: 'task_index', button: 'import' },
    request: { query: z.object({ timestamp: z.string().max(40).optional() }) },
    data: z.null(),
  }),
  'The template',
);

export const importDataRoute = defineRoute({
  method: 'post',
  path: '/api/task/importData',
  tag: TAG,
  summary: 'Import tasks from a workbook (xls/xlsx), in the file’s order; all or nothing',
  description:
    'Program, stage, FMEA, node and superior task by number or name; handler by user or real name; value lists by code or name in either language. Any wrong row refuses the file (400 task.import_invalid, each problem with its row), nothing written; ' +
    'unmapped columns refuse it unless acceptUnmapped. Rows naming an existing task number are left as they are.',
  access: { route: 'task_index', button: 'import' },
  request: { body: { content: { 'multipart/form-data': { schema: ExchangeImportForm } }, required: true } },
  importSlot: true,
  data: ExchangeReportSchema,
});

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(listRoute, async (c) => {
    const { timestamp: _timestamp, taskStatus, ...query } = c.req.valid('json');
    return c.json(ok(await listTasks(serviceContext(c), { ...query, taskStatus: taskStatus as TaskStatus[] | undefined })), 200);
  });
  app.openapi(getRoute, async (c) => c.json(ok(await getTask(serviceContext(c), c.req.valid('query').id)), 200));
  app.openapi(createRoute, async (c) => {
    const { task, messages } = await launchTask(serviceContext(c), c.req.valid('json'));
    pushMessages(c.var.services.realtime, messages);
    return c.json(ok(task), 200);
  });
  app.openapi(updateRoute, async (c) => {
    const { id, ...input } = c.req.valid('json');
    const { task, messages } = await editTask(serviceContext(c), id, input);
    pushMessages(c.var.services.realtime, messages);
    return c.json(ok(task), 200);
  });
  app.openapi(deleteRoute, async (c) => {
    await deleteTask(serviceContext(c), c.req.valid('json').id);
    return c.json(ok(null), 200);
  });
  app.openapi(logRoute, async (c) => {
    const { page, limit, programId, projectId } = c.req.valid('query');
    return c.json(ok(await listTaskLog(serviceContext(c), { page, limit, programId, projectId })), 200);
  });
  app.openapi(nodeProgressRoute, async (c) => c.json(ok(await nodeTaskProgress(serviceContext(c), c.req.valid('query').projectId)), 200));
  app.openapi(exportDataRoute, async (c) => {
    const file = await exportTasks(serviceContext(c), { locale: c.var.locale, programId: c.req.valid('query').programId });
    return sendBytes(c, file.data, file.fileName, XLSX_TYPE);
  });
  app.openapi(exportDescriptionRoute, async (c) => {
    const file = await exportProgramTemplate(serviceContext(c), { locale: c.var.locale, kind: 'task' });
    return sendBytes(c, file.data, file.fileName, XLSX_TYPE);
  });
  app.openapi(importDataRoute, async (c) => c.json(ok(await importWorkbook(c, c.req.valid('form'), importTasks)), 200));
}
