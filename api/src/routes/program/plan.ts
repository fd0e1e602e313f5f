import type { OpenAPIHono } from '@hono/zod-openapi';
import { addDependency, readPlan, removeDependency, rescheduleTask, saveBaseline } from '@fmea/core';
import { ok } from '../../envelope.ts';
import { serviceContext } from '../../http/context.ts';
import type { AppEnv } from '../../http/env.ts';
import { DateTime, Id } from '../../http/fields.ts';
import { defineRoute, jsonBody, z } from '../../http/route.ts';
import { PROGRAM_TAG, ProgramKey, ProgramSchema, TaskStatusCode } from './schemas.ts';

/**
 * A program's plan (issue 24; the program_detail page's Gantt chart): the bars with each task's slack and
 * the critical path computed on the server, the dependencies (finish-to-start), the baselines and the
 * variance against one; moving a task (schedule), linking tasks (schedule) and saving a baseline
 * (baseline). Reading needs program_detail; core asks again (docs/domain/programs-tasks.md "The plan").
 */
const TAG = PROGRAM_TAG;
const Day = z.string().nullable().openapi({ description: "A calendar day 'YYYY-MM-DD'" });

const BarSchema = z
  .strictObject({
    id: z.string(),
    taskNum: z.string(),
    taskName: z.string(),
    taskType: z.string(),
    taskStatus: TaskStatusCode,
    stageId: z.string().nullable(),
    parentId: z.string().nullable(),
    handlerName: z.string().nullable(),
    projectId: z.string().nullable(),
    nodeId: z.string().nullable(),
    sort: z.number().int(),
    plannedStart: Day,
    plannedEnd: Day,
    actualStartDate: Day,
    taskCompleteDate: Day,
    slack: z.number().int().nullable().openapi({ description: 'Days the task may slip without moving the plan’s end (total float); null for an unplanned task' }),
    critical: z.boolean().openapi({ description: 'On the critical path (no slack)' }),
    lateStart: Day.openapi({ description: 'The latest start that keeps the plan’s end' }),
    lateFinish: Day,
    version: z.number().int(),
  })
  .openapi('PlanBar');
const DependencySchema = z.strictObject({ id: z.string(), predecessorId: z.string(), successorId: z.string(), lagDays: z.number().int() }).openapi('PlanDependency');
const BaselineSummarySchema = z.strictObject({ id: z.string(), baselineNum: z.number().int(), name: z.string(), creatorName: z.string().nullable(), createdAt: DateTime }).openapi('PlanBaseline');
const VarianceSchema = z
  .strictObject({
    taskId: z.string(),
    kind: z.enum(['same', 'moved', 'added', 'removed', 'unplanned']).openapi({ description: 'added: not in the baseline; removed: in it, gone since; unplanned: dated on one side only' }),
    startDays: z.number().int().nullable().openapi({ description: 'Days the start moved since the baseline (positive: later)' }),
    endDays: z.number().int().nullable(),
    plannedStart: Day.openapi({ description: 'The baseline’s start' }),
    plannedEnd: Day.openapi({ description: 'The baseline’s end' }),
  })
  .openapi('PlanVariance');

const PlanSchema = z
  .strictObject({
    program: ProgramSchema,
    tasks: z.array(BarSchema),
    dependencies: z.array(DependencySchema),
    criticalPath: z.array(z.string()).openapi({ description: 'The critical tasks’ ids, in the order of their starts' }),
    start: Day,
    finish: Day,
    baselines: z.array(BaselineSummarySchema),
    baseline: BaselineSummarySchema.extend({ variance: z.array(VarianceSchema) }).nullable().openapi({ description: 'The baseline compared against (the one asked for, else the latest)' }),
    canSchedule: z.boolean(),
    canBaseline: z.boolean(),
    canEdit: z.boolean().openapi({ description: 'The caller may edit the program (its fields, FMEAs and stages): program_index edit under the project-creator rule xmcjzRule' }),
  })
  .openapi('ProgramPlan');

const ChangeFields = {
  changed: z.array(z.strictObject({ id: z.string(), taskNum: z.string(), plannedStart: z.string(), plannedEnd: z.string(), version: z.number().int() })).openapi({ description: 'Every task whose dates changed (a moved one first), with its new dates and version' }),
  criticalPath: z.array(z.string()),
  slack: z.array(z.strictObject({ id: z.string(), slack: z.number().int(), critical: z.boolean() })).openapi({ description: 'Each planned task’s slack after the change' }),
  finish: Day,
};
const PlanChangeSchema = z.strictObject(ChangeFields).openapi('PlanChange');

export const planRoute = defineRoute({
  method: 'get',
  path: '/api/program/plan',
  tag: TAG,
  summary: 'The program’s plan: bars, dependencies, slack, critical path, baselines and the variance against one',
  access: { route: 'program_detail' },
  request: { query: z.object({ id: ProgramKey, baselineId: Id.optional(), timestamp: z.string().max(40).optional() }) },
  data: PlanSchema,
});

export const rescheduleRoute = defineRoute({
  method: 'post',
  path: '/api/program/reschedule',
  tag: TAG,
  summary: 'Move one task (drag on the Gantt chart); its dependants are pushed later where they would start too early',
  description:
    'Without plannedEnd the task keeps its length. Dependants are never pulled earlier; finished tasks are not moved. A start before a predecessor ends is 400 program.plan_starts_before_predecessor naming it; ' +
    'a finished task 409 task.finished; a stale version 409 task.stale. Needs the schedule button of program_detail.',
  access: { route: 'program_detail', button: 'schedule' },
  request: jsonBody(z.object({ id: ProgramKey, taskId: Id, plannedStart: z.string().max(10), plannedEnd: z.string().max(10).nullable().optional(), version: z.number().int().min(1).optional() })),
  data: PlanChangeSchema,
});

export const addDependencyRoute = defineRoute({
  method: 'post',
  path: '/api/program/addDependency',
  tag: TAG,
  summary: 'Make one task finish before another starts (finish-to-start, with a lag in days)',
  description: 'A dependency closing a loop is 400 program.plan_cycle naming the loop; the successor and what follows it are pushed where they would start too early (in changed).',
  access: { route: 'program_detail', button: 'schedule' },
  request: jsonBody(z.object({ id: ProgramKey, predecessorId: Id, successorId: Id, lagDays: z.number().int().min(0).max(3650).optional() })),
  data: z.strictObject({ ...ChangeFields, dependency: DependencySchema }).openapi('PlanDependencyAdded'),
});

export const removeDependencyRoute = defineRoute({
  method: 'post',
  path: '/api/program/removeDependency',
  tag: TAG,
  summary: 'Remove a dependency (no task moves)',
  access: { route: 'program_detail', button: 'schedule' },
  request: jsonBody(z.object({ id: ProgramKey, dependencyId: Id })),
  data: z.null(),
});

export const baselineRoute = defineRoute({
  method: 'post',
  path: '/api/program/saveBaseline',
  tag: TAG,
  summary: 'Save a copy of the plan to compare against (numbered 1, 2, … per program)',
  access: { route: 'program_detail', button: 'baseline' },
  request: jsonBody(z.object({ id: ProgramKey, name: z.string().max(200).nullable().optional() })),
  data: BaselineSummarySchema,
});

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(planRoute, async (c) => {
    const { id, baselineId } = c.req.valid('query');
    return c.json(ok(await readPlan(serviceContext(c), id, { baselineId })), 200);
  });
  app.openapi(rescheduleRoute, async (c) => {
    const { id, ...move } = c.req.valid('json');
    return c.json(ok(await rescheduleTask(serviceContext(c), id, move)), 200);
  });
  app.openapi(addDependencyRoute, async (c) => {
    const { id, ...link } = c.req.valid('json');
    return c.json(ok(await addDependency(serviceContext(c), id, link)), 200);
  });
  app.openapi(removeDependencyRoute, async (c) => {
    const { id, dependencyId } = c.req.valid('json');
    await removeDependency(serviceContext(c), id, dependencyId);
    return c.json(ok(null), 200);
  });
  app.openapi(baselineRoute, async (c) => {
    const { id, name } = c.req.valid('json');
    return c.json(ok(await saveBaseline(serviceContext(c), id, { name })), 200);
  });
}
