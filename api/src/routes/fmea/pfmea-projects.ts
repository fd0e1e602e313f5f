import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import {
  pfmeaArea,
  applyProcessProcedure,
  assertProjectOfType,
  listProjects,
  listRecentProjects,
  openProject,
  readMembers,
  resolveProjectReference,
  TASK_STATUS,
  updateProcedureTaskStatus,
  type ProjectView,
  type TaskStatus,
} from '@fmea/core';
import { ok } from '../../envelope.ts';
import type { AppEnv } from '../../http/env.ts';
import { sentWithHeader } from '../../http/authenticate.ts';
import { defineRoute, jsonBody, z } from '../../http/route.ts';
import { fmeaContext, notifyChanged } from './access.ts';
import { labelerOf, ListBody, presentListItem, presentProject, ProjectListItemSchema, ProjectSchema, type Labeler } from './projects.ts';
import { Id, NodeSchema, presentNode, ProcessNodeInput, Timestamp, Version } from './schemas.ts';

/**
 * The spec's PFMEA base (spec 001 §7: POST /pfmeaProject/list, GET
 * selectProjectById, selectProjectBySerialNum, selectRecentPfmeaProject) and
 * the process steps' progress updates: thin wrappers over the same project
 * services as /api/project/…, restricted to process projects (another type's
 * id through this base is 404), members as pfmeaProjectMembers with role
 * lists (spec 001 §3; roles containing 0 or 1 may edit), the root as pppSerial.
 */
const TAG = 'pfmea-projects';
const ROUTE = 'pfmea_index';
const read = { route: ROUTE } as const;
const edit = { route: ROUTE, button: 'edit' } as const;
const add = { route: ROUTE, button: 'add' } as const;

const PfmeaProjectSchema = ProjectSchema.omit({ projectMembers: true })
  .extend({
    pppSerial: z.string().nullable().openapi({ description: 'The process item (root node) of the process tree: the PFMEA deep link’s pppSerial (pptSerial carries the same value)' }),
    pfmeaProjectMembers: z
      .array(
        z.strictObject({
          userId: z.string(),
          roles: z.array(z.number().int()).openapi({ description: 'The member’s roles 0–5; a list containing 0 (responsible) or 1 (collaborator) may edit, any other is read-only' }),
          roleNames: z.array(z.string()).openapi({ description: 'The roles named in the caller’s language (dictionary memberRole)' }),
          canEdit: z.boolean().openapi({ description: 'The roles contain 0 or 1' }),
        }),
      )
      .openapi({ description: 'The PFMEA team (spec 001 §3 pfmeaProjectMembers)' }),
  })
  .strict()
  .openapi('PfmeaProject');

function presentPfmeaProject(view: ProjectView, label: Labeler): z.output<typeof PfmeaProjectSchema> {
  const { projectMembers: _members, ...project } = presentProject(view, label);
  return {
    ...project,
    pppSerial: view.rootNodeId,
    pfmeaProjectMembers: view.members.map((m) => ({ userId: m.userId, roles: [...m.roles], roleNames: m.roles.map(label.role), canEdit: m.roles.some((r) => r === 0 || r === 1) })),
  };
}

export const listRoute = defineRoute({
  method: 'post',
  path: '/api/pfmeaProject/list',
  tag: TAG,
  summary: 'PFMEA project list with the tabs all, mine, responsible, participating, shared, collected (as /api/project/list, process projects only)',
  access: read,
  request: jsonBody(ListBody.omit({ projectType: true }).openapi('PfmeaProjectListBody')),
  data: z.strictObject({ items: z.array(ProjectListItemSchema), total: z.number().int(), page: z.number().int(), limit: z.number().int() }),
});

export const byIdRoute = defineRoute({
  method: 'get',
  path: '/api/pfmeaProject/selectProjectById',
  tag: TAG,
  summary: 'Open a PFMEA by id (members and administrators; remembered for recent projects)',
  description: 'Another type’s project (a DFMEA) answers 404 here; a non-member 403.',
  access: read,
  request: { query: z.object({ projectId: Id, timestamp: Timestamp }) },
  data: PfmeaProjectSchema,
});

export const bySerialRoute = defineRoute({
  method: 'get',
  path: '/api/pfmeaProject/selectProjectBySerialNum',
  tag: TAG,
  summary: 'Open a PFMEA by its number (PF…) or by a deep link’s pppSerial (the id of any of its process nodes)',
  description: 'A node id answers its project with focusNodeId set. Another type’s number or node answers 404.',
  access: read,
  request: { query: z.object({ serialNum: Id.openapi({ description: 'A PFMEA number (PF…) or a process node id (pppSerial)' }), timestamp: Timestamp }) },
  data: PfmeaProjectSchema.extend({ focusNodeId: z.string().nullable().openapi({ description: 'The node the value named; null when it was the project number' }) })
    .strict()
    .openapi('PfmeaProjectByReference'),
});

export const recentRoute = defineRoute({
  method: 'get',
  path: '/api/pfmeaProject/selectRecentPfmeaProject',
  tag: TAG,
  summary: 'The PFMEAs the caller opened last, newest first',
  access: read,
  request: { query: z.object({ limit: z.coerce.number().int().min(1).max(50).optional(), timestamp: Timestamp }) },
  data: z.array(PfmeaProjectSchema),
});

const TASK_CODES = Object.values(TASK_STATUS) as [TaskStatus, ...TaskStatus[]];

export const taskStatusRoute = defineRoute({
  method: 'post',
  path: '/api/pfmeaProject/updateProcedureTaskStatus',
  tag: TAG,
  summary: 'Progress update of a process step (spec 001 §7: projectProcedureSerial + taskStatus)',
  description:
    'Sets the step’s task status; editing members only. The members’ open views are told (receiveMessage fmeaChanged for the node) and get receiveProgressInfo { val: the percent of the steps with a task that are completed, text: the step’s number and name }.',
  access: edit,
  request: jsonBody(
    z.object({
      projectProcedureSerial: Id.openapi({ description: 'The process step (its node id)' }),
      taskStatus: z.enum(TASK_CODES).nullable().openapi({ description: '0 not started, 1 in progress, 2 in review, 3 completed, 4 pending, 5 cancelled, 6 rejected, 7 withdrawn; null: no task' }),
      version: Version.optional(),
    }),
  ),
  data: z
    .strictObject({
      node: NodeSchema,
      progress: z
        .strictObject({
          steps: z.number().int().openapi({ description: 'Process steps of the PFMEA' }),
          withTask: z.number().int().openapi({ description: 'Steps with a task status' }),
          completed: z.number().int().openapi({ description: 'Steps whose task is completed (3)' }),
          percent: z.number().int().openapi({ description: 'completed / withTask, whole percent (0 without tasks)' }),
        })
        .openapi('PfmeaProcessProgress'),
    })
    .openapi('PfmeaProcedureTaskStatus'),
});

export const applyProcedureRoute = defineRoute({
  method: 'post',
  path: '/api/pfmeaProject/applyProcessProcedure',
  tag: TAG,
  summary: 'Apply a process template from the catalog: a process procedure as a new process step, the chosen procedure elements as its work elements',
  description:
    'Only under the process item (the root; 400 pfmea.procedure_under_item_only elsewhere): process templates go at the last level the tree allows. Records must be released latest versions of your product types (processProcedure, procedureElement; 400 pfmea.catalog_record_unusable); element types are read as 4M (measurement as machine; a method element is refused). The step is numbered like any new step.',
  access: add,
  request: jsonBody(
    z.object({
      parentId: Id.openapi({ description: 'The process item (pppSerial)' }),
      procedureRecordId: Id.openapi({ description: 'A processProcedure record version' }),
      elementRecordIds: z.array(Id).max(50).optional().openapi({ description: 'procedureElement record versions, in the order the work elements take' }),
      processNo: ProcessNodeInput.processNo,
    }),
  ),
  data: z.strictObject({ step: NodeSchema, elements: z.array(NodeSchema) }).openapi('PfmeaAppliedProcedure'),
});

async function openPfmea(c: Context<AppEnv>, projectId: string) {
  await assertProjectOfType(c.var.services.database.db, projectId, 'pfmea');
  return presentPfmeaProject(await openProject(fmeaContext(c), projectId, { remember: sentWithHeader(c) }), await labelerOf(c));
}

/** Tells the project's members with an open view how far the steps are (the map's node progress). */
async function sendStepProgress(c: Context<AppEnv>, projectId: string, val: number, text: string) {
  const { realtime, database } = c.var.services;
  const memberIds = (await readMembers(database.db, projectId)).map((m) => m.userId);
  realtime.send('receiveProgressInfo', { val, text }, { users: memberIds });
}

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(listRoute, async (c) => {
    const page = await listProjects(fmeaContext(c), { ...c.req.valid('json'), projectTypes: ['pfmea'] });
    const label = await labelerOf(c);
    return c.json(ok({ items: page.items.map((item) => presentListItem(item, label)), total: page.total, page: page.page, limit: page.limit }), 200);
  });

  app.openapi(byIdRoute, async (c) => c.json(ok(await openPfmea(c, c.req.valid('query').projectId)), 200));

  app.openapi(bySerialRoute, async (c) => {
    const value = c.req.valid('query').serialNum;
    const { projectId, focusNodeId } = await resolveProjectReference(c.var.services.database.db, value);
    return c.json(ok({ ...(await openPfmea(c, projectId)), focusNodeId }), 200);
  });

  app.openapi(recentRoute, async (c) => {
    const views = await listRecentProjects(fmeaContext(c), { limit: c.req.valid('query').limit });
    const label = await labelerOf(c);
    return c.json(ok(views.filter((v) => (pfmeaArea.projectTypes as readonly string[]).includes(v.projectType)).map((v) => presentPfmeaProject(v, label))), 200);
  });

  app.openapi(taskStatusRoute, async (c) => {
    const { node, progress } = await updateProcedureTaskStatus(fmeaContext(c), c.req.valid('json'));
    await notifyChanged(c, node.projectId, 'node', node.id);
    await sendStepProgress(c, node.projectId, progress.percent, [node.processNo, node.name].filter(Boolean).join(' '));
    return c.json(ok({ node: presentNode(node), progress }), 200);
  });

  app.openapi(applyProcedureRoute, async (c) => {
    const { step, elements } = await applyProcessProcedure(fmeaContext(c), c.req.valid('json'));
    await notifyChanged(c, step.projectId, 'node', step.id);
    return c.json(ok({ step: presentNode(step), elements: elements.map(presentNode) }), 200);
  });
}
