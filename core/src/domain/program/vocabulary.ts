/**
 * The lists of programs and tasks (spec 001 §3–§4, issue 24), as stored codes. The labels are the
 * catalogs' (core/src/domain/program/locales); what the spec leaves open is written in
 * docs/domain/programs-tasks.md.
 */

/** Task types (spec 001 §4): 1 compile, 2 review, 3 update, 4 Quick DR, 5 Full DR, 6 optimisation ('0' is the filter's "all", never stored). */
export const TASK_TYPES = ['1', '2', '3', '4', '5', '6'] as const;
export type TaskType = (typeof TASK_TYPES)[number];

/** The extra labels the spec gives tasks beside the type: new design, change, regular review. */
export const TASK_LABELS = ['newDesign', 'change', 'regularReview'] as const;
export type TaskLabel = (typeof TASK_LABELS)[number];

/** Task sources (spec 001 §4): 1 PCMS task, 2 TC task, 3 experience library task, 4 DFMEA. */
export const TASK_SOURCE_CODES = ['1', '2', '3', '4'] as const;
export type TaskSourceCode = (typeof TASK_SOURCE_CODES)[number];

/** Project task sources (spec 001 §4): 0 new project, 1 quality problem, 2 design change, 3 other, 4 DR review. */
export const PROJECT_TASK_SOURCES = ['0', '1', '2', '3', '4'] as const;
export type ProjectTaskSource = (typeof PROJECT_TASK_SOURCES)[number];

/**
 * What a task works on (spec 001 §3 `taskObject`; the spec names only 1 and 2, as the objects whose
 * compile/update/optimisation tasks show planned dates): 1 a DFMEA, 2 a PFMEA, 0 anything else (a DR
 * meeting, a document). Ours: docs/domain/programs-tasks.md.
 */
export const TASK_OBJECTS = ['0', '1', '2'] as const;
export type TaskObject = (typeof TASK_OBJECTS)[number];

/** What the task log records (who did what, when): a creation, an edit, a move in the plan, each transition. */
export const TASK_LOG_ACTIONS = ['create', 'edit', 'reschedule', 'delete', 'start', 'submit', 'approve', 'reject', 'withdraw', 'cancel', 'hold', 'resume', 'rework', 'restart', 'complete'] as const;
export type TaskLogAction = (typeof TASK_LOG_ACTIONS)[number];
