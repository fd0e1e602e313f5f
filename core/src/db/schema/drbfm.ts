import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { DRBFM_ACTION_KINDS, DRBFM_ACTION_STATUSES, DRBFM_IMPORTANCES, DRBFM_PART_KINDS } from '../../domain/drbfm/vocabulary.ts';
import { id } from './columns.ts';
import { editableColumns, fmeaProject } from './fmea-project.ts';

/**
 * The stored DRBFM (issue 25, docs/domain/drbfm.md). The project is an FMEA project of type 'drbfm' (header,
 * team, review, baselines); these rows hold what only a DRBFM has. This one is the change under review: from an
 * EWO (kept by id and number, no foreign key: the EWO is another area's record and may go) or entered.
 */
export const drbfmProject = sqliteTable('drbfm_project', {
  projectId: text('project_id')
    .primaryKey()
    .references(() => fmeaProject.id, { onDelete: 'cascade' }),
  ewoId: text('ewo_id'),
  ewoNum: text('ewo_num'),
  /** The change point: what changes. */
  changePoint: text('change_point').notNull(),
  changeReason: text('change_reason'),
  beforeChange: text('before_change'),
  afterChange: text('after_change'),
  ...editableColumns(),
});

/** A changed part: a BOM part or FMEA structure element (by id, its number and name kept) or free text, with its functions. */
export const drbfmPart = sqliteTable(
  'drbfm_part',
  {
    id: id(),
    projectId: text('project_id')
      .notNull()
      .references(() => fmeaProject.id, { onDelete: 'cascade' }),
    sort: integer('sort').notNull(),
    partKind: text('part_kind', { enum: DRBFM_PART_KINDS }).notNull(),
    refId: text('ref_id'),
    code: text('code'),
    name: text('name').notNull(),
    /** The part's functions, one per line (the sheet's "function" column). */
    functions: text('functions'),
    /** What changes on this part. */
    changeNote: text('change_note'),
    ...editableColumns(),
  },
  (t) => [index('drbfm_part_project_idx').on(t.projectId, t.sort)],
);

/**
 * A concern point: what a reviewer fears the change could break on a part (and one of its functions), its
 * influence on other parts, and the cause or failure mode it suggests. A concern sent to a DFMEA is a closed-loop
 * proposal (fmea_change_proposal, source kind 'drbfm', source item = this row): the trace lives there.
 */
export const drbfmConcern = sqliteTable(
  'drbfm_concern',
  {
    id: id(),
    projectId: text('project_id')
      .notNull()
      .references(() => fmeaProject.id, { onDelete: 'cascade' }),
    partId: text('part_id')
      .notNull()
      .references(() => drbfmPart.id, { onDelete: 'cascade' }),
    sort: integer('sort').notNull(),
    partFunction: text('part_function'),
    concern: text('concern').notNull(),
    raisedById: text('raised_by_id'),
    raisedByName: text('raised_by_name'),
    influence: text('influence'),
    cause: text('cause'),
    importance: text('importance', { enum: DRBFM_IMPORTANCES }),
    ...editableColumns(),
  },
  (t) => [index('drbfm_concern_project_idx').on(t.projectId, t.sort), index('drbfm_concern_part_idx').on(t.partId)],
);

/** A design or evaluation action on a concern, with its responsible person, due date and result. */
export const drbfmAction = sqliteTable(
  'drbfm_action',
  {
    id: id(),
    projectId: text('project_id')
      .notNull()
      .references(() => fmeaProject.id, { onDelete: 'cascade' }),
    concernId: text('concern_id')
      .notNull()
      .references(() => drbfmConcern.id, { onDelete: 'cascade' }),
    sort: integer('sort').notNull(),
    kind: text('kind', { enum: DRBFM_ACTION_KINDS }).notNull(),
    description: text('description').notNull(),
    responsibleUserId: text('responsible_user_id'),
    responsibleName: text('responsible_name'),
    /** YYYY-MM-DD. */
    targetDate: text('target_date'),
    status: text('status', { enum: DRBFM_ACTION_STATUSES }).notNull().default('open'),
    result: text('result'),
    ...editableColumns(),
  },
  (t) => [index('drbfm_action_concern_idx').on(t.concernId), index('drbfm_action_responsible_idx').on(t.responsibleUserId, t.status)],
);

/** A review meeting's record: when, who took part, the minutes and the decisions. */
export const drbfmMeeting = sqliteTable(
  'drbfm_meeting',
  {
    id: id(),
    projectId: text('project_id')
      .notNull()
      .references(() => fmeaProject.id, { onDelete: 'cascade' }),
    /** YYYY-MM-DD. */
    meetingDate: text('meeting_date').notNull(),
    participants: text('participants').notNull(),
    minutes: text('minutes'),
    decisions: text('decisions'),
    ...editableColumns(),
  },
  (t) => [index('drbfm_meeting_project_idx').on(t.projectId, t.meetingDate)],
);
