import { sql } from 'drizzle-orm';
import { check, index, integer, real, sqliteTable, text, uniqueIndex, type AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import { ACTION_STATUSES } from '../../domain/fmea/actions.ts';
import { ALL_CONTROL_KINDS, CHARACTERISTIC_CLASSES, FAILURE_KINDS } from '../../domain/fmea/vocabulary.ts';
import { CHARACTERISTIC_KINDS, FLOW_SYMBOLS, FUNCTION_SCOPES, WORK_ELEMENT_TYPES } from '../../domain/pfmea/vocabulary.ts';
import { TASK_STATUS, type TaskStatus } from '../../domain/status/task.ts';
import { id, timestamps } from './columns.ts';
import { editableColumns, fmeaProject } from './fmea-project.ts';
import { user } from './user.ts';

/**
 * The analysis of an FMEA project: structure tree, functions and the function
 * net, characteristics, interfaces, failures and the failure net, controls and
 * actions. Every row carries its project id (cascade on project delete) so one
 * index serves each per-project query. Cascades follow ownership: deleting a
 * node removes its subtree, functions, failures, controls, actions, and every
 * link or interface touching them, so nothing is left dangling.
 */
const projectId = () =>
  text('project_id')
    .notNull()
    .references(() => fmeaProject.id, { onDelete: 'cascade' });

const TASK_STATUS_CODES = Object.values(TASK_STATUS) as [TaskStatus, ...TaskStatus[]];

const rating = (name: string) => integer(name);
const inRange = (column: AnySQLiteColumn) => sql`${column} is null or ${column} between 1 and 10`;

export const fmeaNode = sqliteTable(
  'fmea_node',
  {
    id: id(),
    projectId: projectId(),
    parentId: text('parent_id').references((): AnySQLiteColumn => fmeaNode.id, { onDelete: 'cascade' }),
    nodeType: integer('node_type').notNull(),
    name: text('name').notNull(),
    sort: integer('sort').notNull(),
    imageName: text('image_name'),
    /** PFMEA process step: the station / operation number (unique in the project). */
    processNo: text('process_no'),
    /** PFMEA work element: its 4M type. */
    workElementType: text('work_element_type', { enum: WORK_ELEMENT_TYPES }),
    /** PFMEA process step on the flow chart: its symbol, inputs and outputs. */
    flowSymbol: text('flow_symbol', { enum: FLOW_SYMBOLS }),
    flowInputs: text('flow_inputs'),
    flowOutputs: text('flow_outputs'),
    /** PFMEA process step: its task status (spec 001 §4 task codes '0'–'7'; null: no task), set by progress updates. */
    taskStatus: text('task_status', { enum: TASK_STATUS_CODES }),
    /** The item this one was borrowed from (another project's, or the family FMEA's for a variant); null when made here or copied. */
    originId: text('origin_id'),
    ...editableColumns(),
  },
  (t) => [index('fmea_node_project_idx').on(t.projectId), index('fmea_node_parent_idx').on(t.parentId, t.sort), index('fmea_node_origin_idx').on(t.originId),
    // who may read a stored picture: the projects whose nodes show it (services/files/access.ts)
    index('fmea_node_image_idx').on(t.imageName).where(sql`${t.imageName} is not null`),
  ],
);

export const fmeaFunction = sqliteTable(
  'fmea_function',
  {
    id: id(),
    projectId: projectId(),
    nodeId: text('node_id')
      .notNull()
      .references(() => fmeaNode.id, { onDelete: 'cascade' }),
    description: text('description').notNull(),
    requirement: text('requirement'),
    /** PFMEA process item function: your plant, ship-to plant or end user. */
    functionScope: text('function_scope', { enum: FUNCTION_SCOPES }),
    /** The item this one was borrowed from (another project's, or the family FMEA's for a variant); null when made here or copied. */
    originId: text('origin_id'),
    /** The catalog record version the item was taken from (spec 001 §3 quoteCount); null when written by hand. */
    catalogRecordId: text('catalog_record_id'),
    sort: integer('sort').notNull(),
    ...editableColumns(),
  },
  (t) => [index('fmea_function_node_idx').on(t.nodeId, t.sort), index('fmea_function_project_idx').on(t.projectId)],
);

/** Function net: the lower function contributes to the higher one. */
export const fmeaFunctionLink = sqliteTable(
  'fmea_function_link',
  {
    id: id(),
    projectId: projectId(),
    higherFunctionId: text('higher_function_id')
      .notNull()
      .references(() => fmeaFunction.id, { onDelete: 'cascade' }),
    lowerFunctionId: text('lower_function_id')
      .notNull()
      .references(() => fmeaFunction.id, { onDelete: 'cascade' }),
    createdBy: text('created_by'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('fmea_function_link_unique').on(t.higherFunctionId, t.lowerFunctionId),
    index('fmea_function_link_lower_idx').on(t.lowerFunctionId),
    index('fmea_function_link_project_idx').on(t.projectId),
  ],
);

export const fmeaCharacteristic = sqliteTable(
  'fmea_characteristic',
  {
    id: id(),
    projectId: projectId(),
    functionId: text('function_id')
      .notNull()
      .references(() => fmeaFunction.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    characteristicClass: text('characteristic_class', { enum: CHARACTERISTIC_CLASSES }).notNull(),
    special: integer('special', { mode: 'boolean' }).notNull().default(false),
    /** PFMEA: product characteristic (on a process step) or process characteristic (on a work element). */
    characteristicKind: text('characteristic_kind', { enum: CHARACTERISTIC_KINDS }),
    /** The customer's own class (a feature classification record's code, e.g. "◆"), beside the CC/SC class. */
    customerClass: text('customer_class'),
    sort: integer('sort').notNull(),
    ...editableColumns(),
  },
  (t) => [index('fmea_characteristic_function_idx').on(t.functionId, t.special), index('fmea_characteristic_project_idx').on(t.projectId)],
);

/** Block/boundary diagram: an interface of type 1–5 between two structure nodes. */
export const fmeaInterface = sqliteTable(
  'fmea_interface',
  {
    id: id(),
    projectId: projectId(),
    firstNodeId: text('first_node_id')
      .notNull()
      .references(() => fmeaNode.id, { onDelete: 'cascade' }),
    secondNodeId: text('second_node_id')
      .notNull()
      .references(() => fmeaNode.id, { onDelete: 'cascade' }),
    interfaceType: integer('interface_type').notNull(),
    description: text('description'),
    ...editableColumns(),
  },
  (t) => [
    index('fmea_interface_first_idx').on(t.firstNodeId),
    index('fmea_interface_second_idx').on(t.secondNodeId),
    index('fmea_interface_project_idx').on(t.projectId),
    check('fmea_interface_type_range', sql`${t.interfaceType} between 1 and 5`),
    check('fmea_interface_two_nodes', sql`${t.firstNodeId} <> ${t.secondNodeId}`),
  ],
);

/**
 * A failure on a function: effect (FE, rated S), mode (FM, with its frequency
 * ratio) or cause (FC, rated O and D with its controls).
 */
export const fmeaFailure = sqliteTable(
  'fmea_failure',
  {
    id: id(),
    projectId: projectId(),
    functionId: text('function_id')
      .notNull()
      .references(() => fmeaFunction.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: FAILURE_KINDS }).notNull(),
    description: text('description').notNull(),
    severity: rating('severity'),
    occurrence: rating('occurrence'),
    detection: rating('detection'),
    frequencyRatio: real('frequency_ratio'),
    /** FMEA-MSR on a cause (docs/domain/msr.md): frequency F in the field, monitoring M, the most severe effect after the system response and its severity. */
    msrFrequency: rating('msr_frequency'),
    msrMonitoring: rating('msr_monitoring'),
    msrSeverity: rating('msr_severity'),
    msrEffect: text('msr_effect'),
    /** The item this one was borrowed from (another project's, or the family FMEA's for a variant); null when made here or copied. */
    originId: text('origin_id'),
    /** The catalog record version the item was taken from (spec 001 §3 quoteCount); null when written by hand. */
    catalogRecordId: text('catalog_record_id'),
    sort: integer('sort').notNull(),
    ...editableColumns(),
  },
  (t) => [
    index('fmea_failure_project_kind_idx').on(t.projectId, t.kind),
    index('fmea_failure_function_idx').on(t.functionId, t.sort),
    check('fmea_failure_severity', sql`(${inRange(t.severity)}) and (${t.severity} is null or ${t.kind} = 'FE')`),
    check('fmea_failure_occurrence', sql`(${inRange(t.occurrence)}) and (${t.occurrence} is null or ${t.kind} = 'FC')`),
    check('fmea_failure_detection', sql`(${inRange(t.detection)}) and (${t.detection} is null or ${t.kind} = 'FC')`),
    check('fmea_failure_msr_frequency', sql`(${inRange(t.msrFrequency)}) and (${t.msrFrequency} is null or ${t.kind} = 'FC')`),
    check('fmea_failure_msr_monitoring', sql`(${inRange(t.msrMonitoring)}) and (${t.msrMonitoring} is null or ${t.kind} = 'FC')`),
    check('fmea_failure_msr_severity', sql`(${inRange(t.msrSeverity)}) and (${t.msrSeverity} is null or ${t.kind} = 'FC')`),
    check('fmea_failure_ratio', sql`${t.frequencyRatio} is null or (${t.kind} = 'FM' and ${t.frequencyRatio} between 0 and 1)`),
  ],
);

/** Failure net: FE → FM (higher is the effect) or FM → FC (higher is the mode). */
export const fmeaFailureLink = sqliteTable(
  'fmea_failure_link',
  {
    id: id(),
    projectId: projectId(),
    higherFailureId: text('higher_failure_id')
      .notNull()
      .references(() => fmeaFailure.id, { onDelete: 'cascade' }),
    lowerFailureId: text('lower_failure_id')
      .notNull()
      .references(() => fmeaFailure.id, { onDelete: 'cascade' }),
    createdBy: text('created_by'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('fmea_failure_link_unique').on(t.higherFailureId, t.lowerFailureId),
    index('fmea_failure_link_lower_idx').on(t.lowerFailureId),
    index('fmea_failure_link_project_idx').on(t.projectId),
  ],
);

/** A current prevention or detection control of a cause. */
export const fmeaControl = sqliteTable(
  'fmea_control',
  {
    id: id(),
    projectId: projectId(),
    causeId: text('cause_id')
      .notNull()
      .references(() => fmeaFailure.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ALL_CONTROL_KINDS }).notNull(),
    description: text('description').notNull(),
    /** The catalog record version the item was taken from (spec 001 §3 quoteCount); null when written by hand. */
    catalogRecordId: text('catalog_record_id'),
    sort: integer('sort').notNull(),
    ...editableColumns(),
  },
  (t) => [index('fmea_control_cause_idx').on(t.causeId, t.kind, t.sort), index('fmea_control_project_idx').on(t.projectId)],
);

/** An optimisation action on a cause, with its status and the re-rating it brings. */
export const fmeaAction = sqliteTable(
  'fmea_action',
  {
    id: id(),
    projectId: projectId(),
    causeId: text('cause_id')
      .notNull()
      .references(() => fmeaFailure.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ALL_CONTROL_KINDS }).notNull(),
    description: text('description').notNull(),
    responsibleUserId: text('responsible_user_id').references(() => user.id, { onDelete: 'set null' }),
    targetDate: text('target_date'),
    status: text('status', { enum: ACTION_STATUSES }).notNull().default('open'),
    actionTaken: text('action_taken'),
    evidence: text('evidence'),
    completionDate: text('completion_date'),
    raSeverity: rating('ra_severity'),
    raOccurrence: rating('ra_occurrence'),
    raDetection: rating('ra_detection'),
    sort: integer('sort').notNull(),
    ...editableColumns(),
  },
  (t) => [
    index('fmea_action_cause_idx').on(t.causeId, t.sort),
    index('fmea_action_project_status_idx').on(t.projectId, t.status),
    index('fmea_action_responsible_idx').on(t.responsibleUserId),
    check('fmea_action_ra_severity', inRange(t.raSeverity)),
    check('fmea_action_ra_occurrence', inRange(t.raOccurrence)),
    check('fmea_action_ra_detection', inRange(t.raDetection)),
  ],
);
