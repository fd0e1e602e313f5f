import { PROJECT_TASK_SOURCES, TASK_LABELS, TASK_OBJECTS, TASK_SOURCE_CODES, TASK_TYPES } from './vocabulary.ts';

/**
 * Every message key of programs and tasks (issue 24): the engine's refusals, the services' and the labels
 * of the value lists. The catalog test (messages.test.ts) reads these lists against locales/, and
 * `ProgramMessageKey` keeps the code within them.
 */
export const PROGRAM_MESSAGE_KEYS = [
  'program.not_found',
  'program.stale',
  'program.invalid',
  'program.name_required',
  'program.text_too_long',
  'program.date_invalid',
  'program.dates_order',
  'program.owner_unknown',
  'program.has_open_tasks',
  'program.stage_not_found',
  'program.fmea_not_found',
  'program.fmea_already_linked',
  'program.baseline_not_found',
  'program.plan_cycle',
  'program.plan_unknown_task',
  'program.plan_self_dependency',
  'program.plan_starts_before_predecessor',
  'program.plan_end_before_start',
  'program.plan_not_planned',
  'program.dependency_not_found',
  'program.dependency_exists',
  'program.dependency_other_program',
  'program.import_invalid',
  'program.import_unknown_number',
] as const;

export const TASK_MESSAGE_KEYS = [
  'task.not_found',
  'task.stale',
  'task.invalid',
  'task.name_required',
  'task.type_invalid',
  'task.handler_unknown',
  'task.dates_order',
  'task.hours_invalid',
  'task.superior_task_first',
  'task.parent_not_found',
  'task.parent_cycle',
  'task.parent_other_program',
  'task.node_not_in_project',
  'task.fmea_not_in_program',
  'task.has_sub_tasks',
  'task.finished',
  'task.not_handler',
  'task.not_owner',
  'task.cancel_denied',
  'task.complete_needs_review',
  'task.analysis_incomplete',
  'task.program_required',
  'task.import_invalid',
  'task.import_program_unknown',
  'task.import_fmea_unknown',
  'task.import_duplicate',
  'task.import_node_unknown',
  'task.import_user_unknown',
  'task.notice_given',
  'task.notice_submitted',
  'task.notice_approved',
  'task.notice_rejected',
  'task.notice_cancelled',
] as const;

export type ProgramMessageKey = (typeof PROGRAM_MESSAGE_KEYS)[number] | (typeof TASK_MESSAGE_KEYS)[number];

export const TASK_TYPE_LABEL_KEYS = Object.fromEntries(TASK_TYPES.map((v) => [v, `task.type.${v}`])) as Record<(typeof TASK_TYPES)[number], string>;
export const TASK_LABEL_LABEL_KEYS = Object.fromEntries(TASK_LABELS.map((v) => [v, `task.label.${v}`])) as Record<(typeof TASK_LABELS)[number], string>;
export const TASK_SOURCE_LABEL_KEYS = Object.fromEntries(TASK_SOURCE_CODES.map((v) => [v, `task.source.${v}`])) as Record<(typeof TASK_SOURCE_CODES)[number], string>;
export const PROJECT_TASK_SOURCE_LABEL_KEYS = Object.fromEntries(PROJECT_TASK_SOURCES.map((v) => [v, `task.project_source.${v}`])) as Record<(typeof PROJECT_TASK_SOURCES)[number], string>;
export const TASK_OBJECT_LABEL_KEYS = Object.fromEntries(TASK_OBJECTS.map((v) => [v, `task.object.${v}`])) as Record<(typeof TASK_OBJECTS)[number], string>;

/** The import templates' description row (exportDescription). */
export const PROGRAM_SHEET_KEYS = ['program.sheet.required', 'program.sheet.text', 'program.sheet.date', 'program.sheet.user', 'program.sheet.number', 'program.sheet.choices', 'program.sheet.reference', 'program.sheet.hours', 'program.sheet.export_only', 'program.sheet.node'] as const;

/** Every key above, for the catalog test. */
export const ALL_PROGRAM_MESSAGE_KEYS: readonly string[] = [
  ...PROGRAM_MESSAGE_KEYS,
  ...TASK_MESSAGE_KEYS,
  ...PROGRAM_SHEET_KEYS,
  ...Object.values(TASK_TYPE_LABEL_KEYS),
  ...Object.values(TASK_LABEL_LABEL_KEYS),
  ...Object.values(TASK_SOURCE_LABEL_KEYS),
  ...Object.values(PROJECT_TASK_SOURCE_LABEL_KEYS),
  ...Object.values(TASK_OBJECT_LABEL_KEYS),
];
