import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex, type AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import { PROJECT_TASK_SOURCES, TASK_LABELS, TASK_LOG_ACTIONS, TASK_OBJECTS, TASK_SOURCE_CODES, TASK_TYPES } from '../../domain/program/vocabulary.ts';
import { TASK_STATUS, type TaskStatus } from '../../domain/status/task.ts';
import { delFlg, id, timestamp, timestamps } from './columns.ts';
import { fmeaNode } from './fmea-analysis.ts';
import { fmeaProject } from './fmea-project.ts';

const TASK_STATUS_CODES = Object.values(TASK_STATUS) as [TaskStatus, ...TaskStatus[]];

/** Dates of the plan are calendar days, 'YYYY-MM-DD' (as the FMEA header's), so no time zone moves them. */
const day = (name: string) => text(name);

/**
 * A program (spec 001 §3 Program, table key `program`, number `program_num`, prefix PN; issue 24): the
 * product and plan that FMEAs and tasks belong to. The creator is kept for the project-creator rule
 * (xmcjzRule); deleting marks it deleted (del_flg 1) so its number is never reused.
 */
export const program = sqliteTable(
  'program',
  {
    id: id(),
    programNum: text('program_num').notNull(),
    name: text('name').notNull(),
    nameEn: text('name_en'),
    /** The product (catalog product number and its name as chosen; no foreign key: catalog rows are per version). */
    productNum: text('product_num'),
    productName: text('product_name'),
    ownerId: text('owner_id'),
    ownerName: text('owner_name'),
    startDate: day('start_date'),
    endDate: day('end_date'),
    sopDate: day('sop_date'),
    /** Milestones (spec 001 §3): DT post, release, DE post, completion. */
    dtPostDate: day('dt_post_date'),
    releaseDate: day('release_date'),
    dePostDate: day('de_post_date'),
    completeDate: day('complete_date'),
    description: text('description'),
    creatorId: text('creator_id'),
    creatorName: text('creator_name'),
    updaterId: text('updater_id'),
    updaterName: text('updater_name'),
    delFlg: delFlg(),
    deletedAt: timestamp('deleted_at'),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [uniqueIndex('program_num_unique').on(t.programNum), index('program_list_idx').on(t.delFlg, t.updatedAt), index('program_creator_idx').on(t.creatorId)],
);

/** A stage of a program (spec 001 §3 `programStageName`): named phases its tasks are grouped in, in order. */
export const programStage = sqliteTable(
  'program_stage',
  {
    id: id(),
    programId: text('program_id')
      .notNull()
      .references(() => program.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    nameEn: text('name_en'),
    sort: integer('sort').notNull(),
    startDate: day('start_date'),
    endDate: day('end_date'),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [index('program_stage_program_idx').on(t.programId, t.sort)],
);

/** The DFMEAs and PFMEAs that belong to a program (its dfmeaCount / pfmeaCount count them by project type). */
export const programFmea = sqliteTable(
  'program_fmea',
  {
    programId: text('program_id')
      .notNull()
      .references(() => program.id, { onDelete: 'cascade' }),
    projectId: text('project_id')
      .notNull()
      .references(() => fmeaProject.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at')
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [primaryKey({ columns: [t.programId, t.projectId] }), index('program_fmea_project_idx').on(t.projectId)],
);

/**
 * A task (spec 001 §3 Task, table key `project_task`, number `task_num`: PR for tasks, PT for PFMEA
 * project tasks). It may belong to a program (and a stage) and point at an FMEA project and one node of it
 * (the spec's pptSerial / projectProcedureSerial: the node's id). `parent_id` is the superior part's task,
 * which must exist first. Planned dates are the plan (the Gantt chart's bars); actual dates are set by the
 * transitions. A deleted task is marked (del_flg 1) and leaves the plan.
 */
export const projectTask = sqliteTable(
  'project_task',
  {
    id: id(),
    taskNum: text('task_num').notNull(),
    programId: text('program_id').references(() => program.id, { onDelete: 'cascade' }),
    stageId: text('stage_id').references(() => programStage.id, { onDelete: 'set null' }),
    parentId: text('parent_id').references((): AnySQLiteColumn => projectTask.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    description: text('description'),
    taskType: text('task_type', { enum: TASK_TYPES }).notNull(),
    taskLabel: text('task_label', { enum: TASK_LABELS }),
    taskSource: text('task_source', { enum: TASK_SOURCE_CODES }),
    projectTaskSource: text('project_task_source', { enum: PROJECT_TASK_SOURCES }),
    taskObject: text('task_object', { enum: TASK_OBJECTS }).notNull().default('0'),
    status: text('status', { enum: TASK_STATUS_CODES }).notNull().default('0'),
    /** The design responsible engineer (spec 001 §3 `dre`), as text. */
    dre: text('dre'),
    projectId: text('project_id').references(() => fmeaProject.id, { onDelete: 'set null' }),
    nodeId: text('node_id').references(() => fmeaNode.id, { onDelete: 'set null' }),
    /** Who launched the task (the task owner) and who works it (the handler), with their department. */
    ownerId: text('owner_id'),
    ownerName: text('owner_name'),
    handlerId: text('handler_id'),
    handlerName: text('handler_name'),
    depId: text('dep_id'),
    depName: text('dep_name'),
    launchDate: day('launch_date'),
    plannedStart: day('planned_start'),
    plannedEnd: day('planned_end'),
    actualStart: day('actual_start'),
    completeDate: day('complete_date'),
    /** Hours spent (spec 001 §3 `hoursStr`). */
    hours: real('hours'),
    /** Order among the program's tasks (the Gantt chart's rows). */
    sort: integer('sort').notNull().default(0),
    creatorId: text('creator_id'),
    creatorName: text('creator_name'),
    updaterId: text('updater_id'),
    updaterName: text('updater_name'),
    delFlg: delFlg(),
    deletedAt: timestamp('deleted_at'),
    version: integer('version').notNull().default(1),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('project_task_num_unique').on(t.taskNum),
    index('project_task_program_idx').on(t.programId, t.sort),
    index('project_task_handler_idx').on(t.handlerId, t.status),
    index('project_task_owner_idx').on(t.ownerId, t.status),
    index('project_task_project_idx').on(t.projectId).where(sql`project_id is not null`),
    index('project_task_node_idx').on(t.nodeId).where(sql`node_id is not null`),
    index('project_task_parent_idx').on(t.parentId).where(sql`parent_id is not null`),
  ],
);

/** A finish-to-start dependency: the successor starts no earlier than the day after the predecessor ends, plus the lag. */
export const taskDependency = sqliteTable(
  'task_dependency',
  {
    id: id(),
    predecessorId: text('predecessor_id')
      .notNull()
      .references(() => projectTask.id, { onDelete: 'cascade' }),
    successorId: text('successor_id')
      .notNull()
      .references(() => projectTask.id, { onDelete: 'cascade' }),
    /** Days between the predecessor's end and the successor's start, beyond the next day (0: the next day). */
    lagDays: integer('lag_days').notNull().default(0),
    ...timestamps,
  },
  (t) => [uniqueIndex('task_dependency_unique').on(t.predecessorId, t.successorId), index('task_dependency_successor_idx').on(t.successorId)],
);

/**
 * The task log (spec 001 §2 "task log" of a project): who did what to a task, when, with the status
 * before and after. Kept by program and FMEA project so each reads its own; no foreign keys, so the log
 * outlives deleted tasks and their people.
 */
export const taskLog = sqliteTable(
  'task_log',
  {
    id: id(),
    taskId: text('task_id').notNull(),
    taskNum: text('task_num').notNull(),
    taskName: text('task_name').notNull(),
    programId: text('program_id'),
    projectId: text('project_id'),
    action: text('action', { enum: TASK_LOG_ACTIONS }).notNull(),
    fromStatus: text('from_status', { enum: TASK_STATUS_CODES }),
    toStatus: text('to_status', { enum: TASK_STATUS_CODES }),
    note: text('note'),
    actorId: text('actor_id'),
    actorName: text('actor_name').notNull(),
    at: timestamp('at').notNull(),
  },
  (t) => [index('task_log_task_idx').on(t.taskId, t.at), index('task_log_program_idx').on(t.programId, t.at), index('task_log_project_idx').on(t.projectId, t.at)],
);

/** One task's bars in a saved plan. */
export interface BaselineTask {
  taskId: string;
  taskNum: string;
  name: string;
  plannedStart: string | null;
  plannedEnd: string | null;
}

/** The plan as saved: each task's bars and the program's milestones at the time. */
export interface BaselinePlan {
  tasks: BaselineTask[];
  milestones: Record<string, string | null>;
}

/** A saved copy of a program's plan (numbered 1, 2, … per program) to compare the current plan against. */
export const programBaseline = sqliteTable(
  'program_baseline',
  {
    id: id(),
    programId: text('program_id')
      .notNull()
      .references(() => program.id, { onDelete: 'cascade' }),
    baselineNum: integer('baseline_num').notNull(),
    name: text('name').notNull(),
    plan: text('plan', { mode: 'json' }).$type<BaselinePlan>().notNull(),
    creatorId: text('creator_id'),
    creatorName: text('creator_name'),
    ...timestamps,
  },
  (t) => [uniqueIndex('program_baseline_num_unique').on(t.programId, t.baselineNum)],
);
