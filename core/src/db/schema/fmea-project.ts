import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex, type AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import { AP_TABLES } from '../../domain/ap/tables.ts';
import { PROJECT_SOURCE_KINDS, PROJECT_TYPES, TEMPLATE_SCOPES } from '../../domain/fmea/vocabulary.ts';
import { FMEA_REVIEW_STATUSES } from '../../domain/status/fmea-review.ts';
import { delFlg, id, timestamp, timestamps } from './columns.ts';
import { site } from './org.ts';
import { user } from './user.ts';

/**
 * Columns every editable FMEA row carries: `version` for optimistic
 * concurrency (an update names the version it read; a stale one is refused),
 * who created and last changed it (user ids, no foreign key: like the
 * operation log they outlive their users), and the timestamps, last.
 */
export const editableColumns = () => ({
  version: integer('version').notNull().default(1),
  createdBy: text('created_by'),
  updatedBy: text('updated_by'),
  ...timestamps,
});

/** AP counts of the project's chains, as of the last recompute. */
export interface FmeaApSummary {
  L: number;
  M: number;
  H: number;
  unrated: number;
  chains: number;
}

/**
 * An FMEA project (spec 001 §3): one per analysis, whatever its type. The
 * header fields keep engine names; the API maps them to the spec's
 * (serialNum, pptSerial, delFlg …).
 */
export const fmeaProject = sqliteTable(
  'fmea_project',
  {
    id: id(),
    serialNum: text('serial_num').notNull(),
    projectType: text('project_type', { enum: PROJECT_TYPES }).notNull(),
    name: text('name').notNull(),
    /** Denormalised from the member with role 0, for the "responsible" tab. */
    responsibleUserId: text('responsible_user_id').references(() => user.id, { onDelete: 'set null' }),
    /** Dictionary codes (stage: projectStage, customer, platform: productPlatform, confidentiality: secrecyGrade). */
    stage: text('stage'),
    sopDate: text('sop_date'),
    versionLabel: text('version_label'),
    startDate: text('start_date'),
    customer: text('customer'),
    platform: text('platform'),
    carTypeYears: text('car_type_years'),
    confidentiality: text('confidentiality'),
    relatedProjectId: text('related_project_id').references((): AnySQLiteColumn => fmeaProject.id, { onDelete: 'set null' }),
    /** The cross-functional team as text (people outside the user list, departments), beside the members. */
    teamNotes: text('team_notes'),
    // The AIAG-VDA DFMEA header (planning and preparation), free text unless said otherwise.
    companyName: text('company_name'),
    engineeringLocation: text('engineering_location'),
    subject: text('subject'),
    /** The DFMEA ID number as the company or customer knows it; the project number (serial_num) is ours. */
    fmeaIdNumber: text('fmea_id_number'),
    /** YYYY-MM-DD, set by the team (not the time of the last change). */
    revisionDate: text('revision_date'),
    designResponsibility: text('design_responsibility'),
    preparedBy: text('prepared_by'),
    /** The five Ts of planning and the analysis boundaries. */
    planIntent: text('plan_intent'),
    planTiming: text('plan_timing'),
    planTeam: text('plan_team'),
    planTask: text('plan_task'),
    planTool: text('plan_tool'),
    analysisBoundaries: text('analysis_boundaries'),
    /** Which AP rule set rates this project's chains. */
    apTable: text('ap_table', { enum: AP_TABLES }).notNull(),
    apSummary: text('ap_summary', { mode: 'json' }).$type<FmeaApSummary>(),
    apComputedAt: timestamp('ap_computed_at'),
    /** Where the project stands on the review path (docs/domain/fmea-review.md); edits are refused unless draft, in preparation, rejected or revoked. */
    reviewStatus: text('review_status', { enum: FMEA_REVIEW_STATUSES }).notNull().default('draft'),
    /**
     * 1: an FMEA template (spec 001 §2: TD for design, TP for process), kept as a
     * project so the copy engine reads and writes it like any other
     * (docs/domain/fmea-reuse.md); project lists leave templates out.
     */
    isTemplate: integer('is_template').notNull().default(0),
    /** A template's visibility: private (its owner and administrators) until published to its site or to every site. */
    templateScope: text('template_scope', { enum: TEMPLATE_SCOPES }).notNull().default('private'),
    /** The site a template was saved in (the saver's session site), which scope 'site' opens it to. */
    templateSiteId: text('template_site_id').references(() => site.id, { onDelete: 'set null' }),
    /** How the project came to be when it was made from another one (copy, template, a project made from a template, a family variant). */
    sourceKind: text('source_kind', { enum: PROJECT_SOURCE_KINDS }),
    /** The project it was made from (the family FMEA of a variant); kept when that one is deleted. */
    sourceProjectId: text('source_project_id'),
    /** The structure node a template was saved from. */
    sourceNodeId: text('source_node_id'),
    delFlg: delFlg(),
    creatorId: text('creator_id').references(() => user.id, { onDelete: 'set null' }),
    deletedAt: timestamp('deleted_at'),
    ...editableColumns(),
  },
  (t) => [
    uniqueIndex('fmea_project_serial_unique').on(t.serialNum),
    index('fmea_project_list_idx').on(t.delFlg, t.projectType, t.updatedAt),
    index('fmea_project_creator_idx').on(t.creatorId),
    index('fmea_project_responsible_idx').on(t.responsibleUserId),
    index('fmea_project_source_idx').on(t.sourceProjectId),
  ],
);

/** The team: a user and their roles 0–5 (spec 001 §3); design members hold one, process members a list. */
export const fmeaMember = sqliteTable(
  'fmea_member',
  {
    projectId: text('project_id')
      .notNull()
      .references(() => fmeaProject.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    roles: text('roles', { mode: 'json' }).$type<number[]>().notNull(),
    createdAt: timestamp('created_at')
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.userId] }), index('fmea_member_user_idx').on(t.userId)],
);

/** Last time a user opened a project, for "recent projects". */
export const fmeaProjectVisit = sqliteTable(
  'fmea_project_visit',
  {
    projectId: text('project_id')
      .notNull()
      .references(() => fmeaProject.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    visitedAt: timestamp('visited_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.userId] }), index('fmea_project_visit_user_idx').on(t.userId, t.visitedAt)],
);
