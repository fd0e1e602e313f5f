import { PROJECT_TASK_SOURCES, TASK_LABELS, TASK_LISTS, TASK_OBJECTS, TASK_SOURCE_CODES, TASK_STATUS, TASK_TYPES, taskMachine, type TaskStatus } from '@fmea/core';
import { DateTime, Id, ImportIssue } from '../../http/fields.ts';
import { z } from '../../http/route.ts';

/**
 * The answers and request pieces of programs and tasks (issue 24), described whole so the workbench's typed
 * client reads every field. Plan days are calendar days 'YYYY-MM-DD'; a wrong one is refused by core with
 * the field's label ("SOP date: … is not a date").
 */
export const PROGRAM_TAG = 'Programs';
export const TASK_TAG = 'Tasks';

const TASK_STATUS_CODES = Object.values(TASK_STATUS) as [TaskStatus, ...TaskStatus[]];
export const TaskStatusCode = z.enum(TASK_STATUS_CODES).openapi({ description: '0 not started, 1 in progress, 2 in review, 3 completed, 4 pending, 5 cancelled, 6 rejected, 7 withdrawn' });
export const TaskEventName = z.enum(taskMachine.allEvents as unknown as [string, ...string[]]).openapi('TaskEvent', { description: 'A transition of the task machine' });
const Day = z.string().nullable().openapi({ description: "A calendar day 'YYYY-MM-DD'", example: '2026-12-01' });
/** A day in a request: '' and null clear it. */
export const DayInput = z.string().trim().max(10).nullable().optional().openapi({ description: "A calendar day 'YYYY-MM-DD'; '' or null clears it", example: '2026-12-01' });
export const ProgramKey = Id.openapi({ description: 'The program: its id or its number (PN…)' });
export const TaskKey = Id.openapi({ description: 'The task: its id or its number (PR… / PT…)' });

const ProgramFields = {
  id: z.string(),
  programNum: z.string(),
  programName: z.string(),
  enProgramName: z.string().nullable(),
  productNum: z.string().nullable(),
  productName: z.string().nullable(),
  programOwnerId: z.string().nullable(),
  programOwnerName: z.string().nullable(),
  startDate: Day,
  endDate: Day,
  sopDate: Day,
  dtPostDate: Day.openapi({ description: 'Milestone: DT post' }),
  releaseDate: Day.openapi({ description: 'Milestone: release' }),
  dePostDate: Day.openapi({ description: 'Milestone: DE post' }),
  completeDate: Day.openapi({ description: 'Milestone: completion' }),
  description: z.string().nullable(),
  dfmeaCount: z.number().int().openapi({ description: 'Live design-side FMEAs of the program' }),
  pfmeaCount: z.number().int().openapi({ description: 'Live process FMEAs (PFMEAs) of the program' }),
  taskCount: z.number().int(),
  creatorId: z.string().nullable(),
  creatorName: z.string().nullable(),
  updaterName: z.string().nullable(),
  updateTime: DateTime,
  version: z.number().int(),
};
export const ProgramSummarySchema = z.strictObject(ProgramFields).openapi('ProgramSummary');

export const ProgramStageSchema = z.strictObject({ id: z.string(), name: z.string(), nameEn: z.string().nullable(), sort: z.number().int(), startDate: Day, endDate: Day }).openapi('ProgramStage');
export const ProgramFmeaSchema = z
  .strictObject({ projectId: z.string(), serialNum: z.string(), name: z.string(), projectType: z.string(), taskObject: z.enum(['1', '2']).openapi({ description: '1 a design-side FMEA, 2 a process FMEA: the task object of its tasks' }) })
  .openapi('ProgramFmea');
export const ProgramSchema = z.strictObject({ ...ProgramFields, stages: z.array(ProgramStageSchema), fmeas: z.array(ProgramFmeaSchema) }).openapi('Program');

export const ProgramInputFields = {
  programName: z.string().max(200),
  enProgramName: z.string().max(200).nullable().optional(),
  productNum: z.string().max(64).nullable().optional(),
  productName: z.string().max(200).nullable().optional(),
  programOwnerId: Id.nullable().optional(),
  startDate: DayInput,
  endDate: DayInput,
  sopDate: DayInput,
  dtPostDate: DayInput,
  releaseDate: DayInput,
  dePostDate: DayInput,
  completeDate: DayInput,
  description: z.string().max(200).nullable().optional(),
};

export const TaskSchema = z
  .strictObject({
    id: z.string(),
    customFields: z.record(z.string(), z.string()).openapi({ description: 'Custom field values by system name' }),
    taskNum: z.string(),
    taskName: z.string(),
    taskDesc: z.string().nullable(),
    taskType: z.enum(TASK_TYPES).openapi({ description: '1 compile, 2 review, 3 update, 4 Quick DR, 5 Full DR, 6 optimisation' }),
    taskLabel: z.enum(TASK_LABELS).nullable(),
    taskSource: z.enum(TASK_SOURCE_CODES).nullable().openapi({ description: '1 PCMS task, 2 TC task, 3 experience library task, 4 DFMEA' }),
    projectTaskSource: z.enum(PROJECT_TASK_SOURCES).nullable().openapi({ description: '0 new project, 1 quality problem, 2 design change, 3 other, 4 DR review' }),
    taskObject: z.enum(TASK_OBJECTS).openapi({ description: '1 a DFMEA (design side), 2 a PFMEA, 0 none' }),
    taskStatus: TaskStatusCode,
    dre: z.string().nullable(),
    programId: z.string().nullable(),
    programNum: z.string().nullable(),
    programName: z.string().nullable(),
    programStageId: z.string().nullable(),
    programStageName: z.string().nullable(),
    parentId: z.string().nullable(),
    parentTaskNum: z.string().nullable(),
    projectId: z.string().nullable(),
    projectType: z.string().nullable(),
    fmeaNum: z.string().nullable(),
    fmeaName: z.string().nullable(),
    nodeId: z.string().nullable(),
    nodeName: z.string().nullable(),
    pptSerial: z.string().nullable().openapi({ description: 'The node, on a design-side FMEA (spec 001 §7 task progress)' }),
    projectProcedureSerial: z.string().nullable().openapi({ description: 'The node, on a process FMEA' }),
    taskOwnerId: z.string().nullable(),
    taskOwnerName: z.string().nullable().openapi({ description: 'Who launched the task' }),
    handlerId: z.string().nullable(),
    handlerName: z.string().nullable(),
    depName: z.string().nullable(),
    taskLaunchDate: Day,
    taskStartDate: Day.openapi({ description: 'Planned start as lists show it (spec 001 §9): null unless the type is 1, 3 or 6 and the task object 1 or 2' }),
    taskEndDate: Day.openapi({ description: 'Planned end as lists show it (spec 001 §9), null as taskStartDate' }),
    plannedStart: Day.openapi({ description: 'The plan’s start whatever the type (the Gantt chart’s bar)' }),
    plannedEnd: Day,
    actualStartDate: Day,
    taskCompleteDate: Day,
    hours: z.number().nullable(),
    hoursStr: z.string(),
    creatorId: z.string().nullable(),
    creatorName: z.string().nullable(),
    updateTime: DateTime,
    version: z.number().int(),
    actions: z.array(TaskEventName).openapi({ description: 'The transitions the caller may take now' }),
  })
  .openapi('ProgramTask');

export const TaskListName = z.enum(TASK_LISTS).openapi({ description: 'todoList: waiting for me; launched: I launched; all; done: I handled, completed; current: mine, planned around today; history: mine, finished' });

export const ExchangeReportSchema = z
  .strictObject({
    created: z.number().int(),
    skipped: z.number().int().openapi({ description: 'Rows naming an existing number, left as they are' }),
    numbers: z.array(z.string()).openapi({ description: 'The numbers given to the rows created, in order' }),
    unmappedColumns: z.array(ImportIssue).openapi({ description: 'Columns left out with acceptUnmapped' }),
  })
  .openapi('ProgramImportReport');

const Flag = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .transform((value) => value === 'true' || value === '1');

export const ExchangeImportForm = z
  .object({
    excelFile: z.custom<File>((value) => value instanceof File).openapi({ type: 'string', format: 'binary', description: 'xls or xlsx, at most IMPORT_MAX_MB (default 1 MB)' }),
    acceptUnmapped: Flag.openapi({ description: 'true: import even though columns with data have no field (listed in unmappedColumns); otherwise such a file is refused' }),
  })
  .openapi('ProgramImportForm');
