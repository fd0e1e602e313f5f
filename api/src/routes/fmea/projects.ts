import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import {
  createProject,
  deleteProject,
  getStructureTree,
  listProjects,
  listRecentProjects,
  openProject,
  previewProjectNumber,
  PROJECT_LIST_TABS,
  PROJECT_SOURCE_KINDS,
  PROJECT_TYPES,
  resolveProjectReference,
  updateProjectHeader,
  AP_TABLES,
  FMEA_REVIEW_STATUSES,
  PROJECT_DATE_FIELDS,
  PROJECT_DICTIONARY_FIELD_NAMES,
  PROJECT_TEXT_FIELDS,
  projectLabeler,
  memberRoleNamer,
  type ProjectListItem,
  type ProjectListQuery,
  type ProjectType,
  type ProjectView,
  type StructureTreeNode,
  type TeamMember,
} from '@fmea/core';
import { ok } from '../../envelope.ts';
import type { AppEnv } from '../../http/env.ts';
import { sentWithHeader } from '../../http/authenticate.ts';
import { defineRoute, jsonBody, z } from '../../http/route.ts';
import { DateTime, NumberPreviewSchema } from '../../http/fields.ts';
import { fmeaContext, notifyChanged, readAccess, writeAccess } from './access.ts';
import { requireTypeAccess, visibleTypes } from '../../http/access.ts';
import { Confirm, DateText, Id, OptionalText, RequiredText, Text, Timestamp, Version } from './schemas.ts';
import { CustomListFields } from '../custom-fields/list-query.ts';

const TAG = 'fmea-projects';

const MemberSchema = z
  .object({
    userId: Id,
    userRole: z.number().int().optional().openapi({ description: 'Design member: one role 0–5 (0 responsible, 1 collaborator, 2 counsellor, 3 system owner, 4 reviewer, 5 process reviewer)' }),
    roles: z.array(z.number().int()).max(6).optional().openapi({ description: 'Process member: a list of roles 0–5' }),
  })
  .openapi('FmeaProjectMember');

/** Dictionary fields: stored and sent as the item's code, named in `labels` in the caller's language. */
const DICTIONARY_DOC = {
  stage: 'Stage: code of dictionary projectStage',
  customer: 'Customer (the handbook’s customer name): code of dictionary customer',
  platform: 'Product platform: code of dictionary productPlatform',
  confidentiality: 'Confidentiality level: code of dictionary secrecyGrade',
} as const satisfies Record<(typeof PROJECT_DICTIONARY_FIELD_NAMES)[number], string>;

/** The AIAG-VDA DFMEA header (planning and preparation) and the spec's other free-text header fields. */
const TEXT_DOC = {
  carTypeYears: 'Vehicle-type years: the handbook’s model year / program(s)',
  teamNotes: 'Cross-functional team as text (people outside the user list, departments); the members are projectMembers',
  companyName: 'Company name (the company responsible for the DFMEA)',
  engineeringLocation: 'Engineering location',
  subject: 'Subject: the system, subsystem or component analysed',
  fmeaIdNumber: 'DFMEA ID number as the company or customer knows it (serialNum is the workbench’s own number)',
  designResponsibility: 'Design responsibility (the DFMEA owner or department)',
  preparedBy: 'Prepared by',
  planIntent: 'Five Ts of planning: intent (why the FMEA is done)',
  planTiming: 'Five Ts of planning: timing (when it is due)',
  planTeam: 'Five Ts of planning: team (who is needed)',
  planTask: 'Five Ts of planning: task (what work is to be done)',
  planTool: 'Five Ts of planning: tool (how the analysis is done)',
  analysisBoundaries: 'Analysis boundaries: what is included and what is not',
} as const satisfies Record<(typeof PROJECT_TEXT_FIELDS)[number], string>;

const DATE_DOC = {
  sopDate: 'Start of production, YYYY-MM-DD',
  startDate: 'DFMEA start date, YYYY-MM-DD',
  revisionDate: 'DFMEA revision date, YYYY-MM-DD (set by the team; updatedAt is the time of the last change)',
} as const satisfies Record<(typeof PROJECT_DATE_FIELDS)[number], string>;

const nullableText = (description: string) => z.string().nullable().openapi({ description });
const mapFields = <T extends Record<string, string>, S>(doc: T, schema: (description: string) => S) =>
  Object.fromEntries(Object.entries(doc).map(([key, description]) => [key, schema(description)])) as { [K in keyof T]: S };

const ProjectLabelsSchema = z
  .strictObject(mapFields(DICTIONARY_DOC, (d) => nullableText(`${d.split(':')[0]} in the caller’s language (an item without an English name: its Chinese name; a value no dictionary item has: as stored)`)))
  .openapi('FmeaProjectLabels', { description: 'The dictionary fields named in the caller’s language (lang header)' });

/** The header's custom fields (System › Customisation forms, GET /api/customField/list?entity=fmeaProject) by system name. */
const CustomValuesSchema = z.record(z.string(), z.string()).openapi({ description: 'Custom field values by system name (numbers and dates as text, a choice as its dictionary code)' });
const CustomValuesBody = z
  .record(z.string().max(50), z.union([z.string().max(200), z.number(), z.null()]))
  .openapi({ description: 'Custom field values by system name; blank or null clears; a field left out keeps its value (update). Checked on the server: required, number, date YYYY-MM-DD, choice code' });

export const ProjectSchema = z
  .strictObject({
    id: z.string(),
    projectId: z.string().openapi({ description: 'The spec’s name of id (the same value)' }),
    serialNum: z.string(),
    projectType: z.enum(PROJECT_TYPES),
    name: z.string(),
    versionLabel: z.string().nullable(),
    ...mapFields(DICTIONARY_DOC, nullableText),
    labels: ProjectLabelsSchema,
    ...mapFields(DATE_DOC, nullableText),
    ...mapFields(TEXT_DOC, nullableText),
    relatedProjectId: z.string().nullable().openapi({ description: 'A project this one is derived from or belongs with' }),
    apTable: z.enum(AP_TABLES).openapi({ description: 'The AP rule set that rates the project’s chains' }),
    reviewStatus: z.enum(FMEA_REVIEW_STATUSES).openapi({
      description: 'Where the project stands on the review path (GET /api/project/review/state for the details); under_review, approved and released refuse every edit (409)',
    }),
    responsibleUserId: z.string().nullable().openapi({ description: 'The team member with role 0 (responsible)' }),
    delFlg: z.number().int(),
    version: z.number().int(),
    updatedAt: DateTime.openapi({ description: 'The time of the last change of the header or team' }),
    pptSerial: z.string().nullable().openapi({ description: 'The product root node of the structure tree' }),
    projectMembers: z.array(
      z.strictObject({
        userId: z.string(),
        userRole: z.number().int().openapi({ description: 'The member’s highest role (the smallest number)' }),
        roles: z.array(z.number().int()),
        roleNames: z.array(z.string()).openapi({ description: 'The roles named in the caller’s language, from dictionary memberRole (the one source of role names)' }),
      }),
    ),
    myRoles: z.array(z.number().int()).nullable(),
    canEdit: z.boolean(),
    access: z.enum(['member', 'admin', 'shared']).openapi({ description: 'How the caller reaches the project: team member, administrator (not a member), or shared reader (read only)' }),
    isTemplate: z.boolean().openapi({ description: 'An FMEA template (TD…/TP…, GET /api/fmeaTemplate/list), opened like a project by its owner' }),
    sourceKind: z.enum(PROJECT_SOURCE_KINDS).nullable().openapi({ description: 'How it was made from another project: copy, template / basicTemplate (saved from a node), fromTemplate, variant (of a family FMEA); null when created new' }),
    sourceProjectId: z.string().nullable().openapi({ description: 'The project (or template, or family FMEA) it was made from' }),
    customFields: CustomValuesSchema,
  })
  .openapi('FmeaProject');

export interface Labeler {
  fields: Awaited<ReturnType<typeof projectLabeler>>;
  role: Awaited<ReturnType<typeof memberRoleNamer>>;
}

/** The labeler for the caller's language: one read of the dictionaries per request. */
export async function labelerOf(c: Context<AppEnv>): Promise<Labeler> {
  const { db } = c.var.services.database;
  const [fields, role] = await Promise.all([projectLabeler(db, c.var.locale), memberRoleNamer(db, c.var.locale)]);
  return { fields, role };
}

/** The named fields of a row, and no others. */
const pick = <T extends object, K extends keyof T>(row: T, keys: readonly K[]) => Object.fromEntries(keys.map((key) => [key, row[key]])) as Pick<T, K>;
const DICTIONARY_KEYS = Object.keys(DICTIONARY_DOC) as (keyof typeof DICTIONARY_DOC)[];
const DATE_KEYS = Object.keys(DATE_DOC) as (keyof typeof DATE_DOC)[];
const TEXT_KEYS = Object.keys(TEXT_DOC) as (keyof typeof TEXT_DOC)[];

/** The engine's project view under the spec's names (projectId, pptSerial, projectMembers with userRole), with its dictionary fields named; field by field, so no other column is sent. */
export function presentProject(view: ProjectView, label: Labeler): z.output<typeof ProjectSchema> {
  return {
    id: view.id,
    projectId: view.id,
    serialNum: view.serialNum,
    projectType: view.projectType,
    name: view.name,
    versionLabel: view.versionLabel,
    ...pick(view, DICTIONARY_KEYS),
    labels: label.fields(view),
    ...pick(view, DATE_KEYS),
    ...pick(view, TEXT_KEYS),
    relatedProjectId: view.relatedProjectId,
    apTable: view.apTable,
    reviewStatus: view.reviewStatus,
    responsibleUserId: view.responsibleUserId,
    delFlg: view.delFlg,
    version: view.version,
    updatedAt: view.updatedAt.toISOString(),
    pptSerial: view.rootNodeId,
    projectMembers: view.members.map((m) => ({ userId: m.userId, userRole: Math.min(...m.roles), roles: [...m.roles], roleNames: m.roles.map(label.role) })),
    myRoles: view.myRoles === null ? null : [...view.myRoles],
    canEdit: view.canEdit,
    access: view.access,
    isTemplate: view.isTemplate === 1,
    sourceKind: view.sourceKind,
    sourceProjectId: view.sourceProjectId,
    customFields: view.customFields,
  };
}

/** The grid's sortable columns (spec 001 §5: a whitelist, mapped to server columns by the engine). */
const LIST_SORTS = ['serialNum', 'name', 'sopDate', 'updatedAt'] as const satisfies readonly NonNullable<ProjectListQuery['sort']>[];
const ListDate = z.iso.date().optional().openapi({ description: 'A calendar date YYYY-MM-DD, inclusive', example: '2026-06-30' });

export const ListBody = z
  .object({
    tab: z.enum(PROJECT_LIST_TABS).optional(),
    search: Text.optional(),
    page: z.number().int().min(1).max(100_000).optional(),
    limit: z.number().int().min(1).max(100).optional(),
    projectType: z.enum(PROJECT_TYPES).optional(),
    stage: Text.optional().openapi({ description: 'Stage code (dictionary projectStage); blank means any' }),
    customer: Text.optional().openapi({ description: 'Customer code (dictionary customer); blank means any' }),
    responsibleUserId: z.string().trim().max(64).optional().openapi({ description: 'User id of the responsible person; blank means any' }),
    sopFrom: ListDate.openapi({ description: 'SOP date on or after this day (YYYY-MM-DD); projects without an SOP date are left out' }),
    sopTo: ListDate.openapi({ description: 'SOP date on or before this day (YYYY-MM-DD); after sopFrom, else 400 fmea.date_range_invalid' }),
    sort: z.enum(LIST_SORTS).optional().openapi({ description: 'Sort column; default updatedAt' }),
    order: z.enum(['asc', 'desc']).optional().openapi({ description: 'Sort direction; default desc. Projects without an SOP date sort last.' }),
    ...CustomListFields,
  })
  .openapi('FmeaProjectListBody');

export const ProjectListItemSchema = z
  .strictObject({
    id: z.string(),
    serialNum: z.string(),
    projectId: z.string().openapi({ description: 'The spec’s name of id (the same value)' }),
    name: z.string(),
    projectType: z.enum(PROJECT_TYPES),
    ...mapFields(DICTIONARY_DOC, nullableText),
    versionLabel: z.string().nullable(),
    sopDate: z.string().nullable(),
    reviewStatus: z.enum(FMEA_REVIEW_STATUSES),
    responsibleUserId: z.string().nullable(),
    responsibleName: z.string().nullable(),
    updatedAt: DateTime,
    myRoles: z.array(z.number().int()).nullable().openapi({ description: 'The caller’s roles in the team; null when not a member' }),
    labels: ProjectLabelsSchema,
    collected: z.boolean().openapi({ description: 'Starred by the caller (favourites)' }),
    customFields: CustomValuesSchema,
  })
  .openapi('FmeaProjectListItem');

export const presentListItem = (item: ProjectListItem, label: Labeler): z.output<typeof ProjectListItemSchema> => ({
  id: item.id,
  serialNum: item.serialNum,
  projectId: item.id,
  name: item.name,
  projectType: item.projectType,
  ...pick(item, DICTIONARY_KEYS),
  versionLabel: item.versionLabel,
  sopDate: item.sopDate,
  reviewStatus: item.reviewStatus,
  responsibleUserId: item.responsibleUserId,
  responsibleName: item.responsibleName,
  updatedAt: item.updatedAt.toISOString(),
  myRoles: item.myRoles === null ? null : [...item.myRoles],
  labels: label.fields(item),
  collected: item.collected,
  customFields: item.customFields,
});

export const listRoute = defineRoute({
  method: 'post',
  path: '/api/project/list',
  tag: TAG,
  summary: 'Project list with the tabs all, mine, responsible, participating, shared, collected',
  description: 'Only the project types of the work areas the caller may open. "all" lists every live project; opening one still needs membership.',
  access: readAccess,
  request: jsonBody(ListBody),
  data: z.strictObject({
    items: z.array(ProjectListItemSchema),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
  }),
});

export const byIdRoute = defineRoute({
  method: 'get',
  path: '/api/project/selectProjectById',
  tag: TAG,
  summary: 'Open a project by id (members and administrators; remembered for recent projects when the token comes in a header, not on the session cookie alone)',
  access: readAccess,
  request: { query: z.object({ projectId: Id, timestamp: Timestamp }) },
  data: ProjectSchema,
});

const ProjectByReferenceSchema = ProjectSchema.extend({
  focusNodeId: z
    .string()
    .nullable()
    .openapi({ description: 'The structure node the value named (the root or any other node), for the page to select; null when it was the project number' }),
}).openapi('FmeaProjectByReference');

export const bySerialRoute = defineRoute({
  method: 'get',
  path: '/api/project/selectProjectBySerialNum',
  tag: TAG,
  summary: 'Open a project by its number (DF…/PF…) or by a deep link’s pptSerial (the id of any of its structure nodes)',
  description:
    'serialNum is looked up as a project number first, then as a structure node id (the root’s id is the project’s pptSerial); a node id answers its project with focusNodeId set. Members and administrators; a deleted or unknown project answers 404.',
  access: readAccess,
  request: { query: z.object({ serialNum: Id.openapi({ description: 'A project number (DF…/PF…) or a structure node id (pptSerial)' }), timestamp: Timestamp }) },
  data: ProjectByReferenceSchema,
});

export const recentRoute = defineRoute({
  method: 'get',
  path: '/api/project/selectRecentProject',
  tag: TAG,
  summary: 'The projects the caller opened last, newest first',
  access: readAccess,
  request: { query: z.object({ limit: z.coerce.number().int().min(1).max(50).optional(), timestamp: Timestamp }) },
  data: z.array(ProjectSchema),
});

interface TreeNodeView {
  data: { id: string; nodeType: number; pptSerial: string; imageName: string | null; name: string; version: number };
  children: TreeNodeView[];
}
/** A node of the spec's tree with its children, each of the same shape (recursive through z.lazy, so the OpenAPI document refers to itself). */
const TreeNodeSchema: z.ZodType<TreeNodeView> = z
  .lazy(() =>
    z.strictObject({
      data: z.strictObject({
        id: z.string(),
        nodeType: z.number().int(),
        pptSerial: z.string().openapi({ description: 'The node’s id, under the spec’s name' }),
        imageName: z.string().nullable(),
        name: z.string(),
        version: z.number().int(),
      }),
      children: z.array(TreeNodeSchema),
    }),
  )
  .openapi('FmeaTreeNode');

export const treeRoute = defineRoute({
  method: 'get',
  path: '/api/dfmeaTree/getDfmeaTreeBySerialNum',
  tag: TAG,
  summary: 'The structure tree of a project by its number: product 1, element 9, functions as type-2 nodes',
  access: readAccess,
  request: { query: z.object({ serialNum: Id, timestamp: Timestamp }) },
  data: z.union([TreeNodeSchema, z.null()]).openapi({ description: 'The root node, or null while the project has none' }),
});

const SaveBody = z
  .object({
    id: Id.optional().openapi({ description: 'Absent: create; present: update (with version)' }),
    projectId: Id.optional().openapi({ description: 'Alias of id' }),
    version: Version.optional(),
    projectType: z.enum(PROJECT_TYPES).optional(),
    name: RequiredText.optional(),
    productName: RequiredText.optional(),
    ...mapFields(DICTIONARY_DOC, (d) => OptionalText.openapi({ description: `${d}, or the item’s name in either language (stored as the code); blank clears; an unknown one answers 400 fmea.dictionary_item_unknown` })),
    ...mapFields(DATE_DOC, (d) => DateText.openapi({ description: `${d}; blank clears` })),
    versionLabel: z.string().trim().max(20).nullable().optional(),
    ...mapFields(TEXT_DOC, (d) => OptionalText.openapi({ description: `${d}; at most 200 characters` })),
    relatedProjectId: Id.nullable().optional(),
    apTable: z.enum(AP_TABLES).optional(),
    customFields: CustomValuesBody.optional(),
    projectMembers: z.array(MemberSchema).max(200).optional(),
    confirmHandOver: z.boolean().optional().openapi({
      description:
        'Create only: the caller names another owner (role 0) and so loses maintenance rights (spec 000 §6: they stay on the team as counsellor). Without true that answers 409 fmea.creator_hand_over and nothing is created; an administrator is not asked.',
    }),
    serialNum: OptionalText.openapi({
      description:
        'Create only: a project number typed by hand instead of the next one of the type’s numbering rule (see GET /api/project/numberPreview); absent, null or blank: the rule’s next number. Refused with 400 (issue on field serialNum) unless the rule allows manual numbers and the number is 1–50 letters, digits, _ . / or -; 409 numbering.manual_duplicate when any project, deleted ones included, has it. An update ignores it: a project keeps its number.',
    }),
  })
  .refine((b) => (b.id ?? b.projectId) === undefined || b.version !== undefined, { path: ['version'], message: 'version is required to update' })
  .openapi('FmeaProjectSaveBody');

export const saveRoute = defineRoute({
  method: 'post',
  path: '/api/project/save',
  tag: TAG,
  summary: 'Create (no id) or update (id and version) a project header and its team',
  description: 'Create needs the add button of the type’s work area, update the edit button. The team has roles 0–5 and exactly one responsible (0).',
  access: writeAccess('add', 'edit'),
  request: jsonBody(SaveBody),
  data: ProjectSchema,
});

export const numberPreviewRoute = defineRoute({
  method: 'get',
  path: '/api/project/numberPreview',
  tag: TAG,
  summary: 'The number a new project of a type would get now, and whether one may be typed instead',
  description:
    'For the new-project dialog: the next number of the type’s numbering rule (DF… for dfmea, family and msr; PF… for pfmea), not taken and not logged, numbers held by projects stepped past as creation does; a look, not a reservation. allowManual says whether save may carry a serialNum. Needs the add button of the type’s work area.',
  access: writeAccess('add'),
  request: { query: z.object({ projectType: z.enum(PROJECT_TYPES).optional().openapi({ description: 'Default dfmea' }), timestamp: Timestamp }) },
  data: NumberPreviewSchema.extend({ projectType: z.enum(PROJECT_TYPES) }).strict().openapi('ProjectNumberPreview'),
});

export const deleteRoute = defineRoute({
  method: 'post',
  path: '/api/project/delete',
  tag: TAG,
  summary: 'Delete a project (soft: delFlg 1); the responsible owner or an administrator only',
  description:
    'Also deletes a template. When projects were made from it (as a template or a family FMEA) or other projects hold nodes borrowed or inserted from it, the answer is 409 fmea.project_in_use with the count ("current FMEA used by N nodes") until confirm is true.',
  access: writeAccess('del'),
  request: jsonBody(z.object({ id: Id, version: Version, confirm: Confirm })),
  data: z.null(),
});

function membersOf(body: z.infer<typeof SaveBody>): TeamMember[] | undefined {
  return body.projectMembers?.map((m) => ({ userId: m.userId, roles: m.roles ?? (m.userRole === undefined ? [] : [m.userRole]) }));
}

/** A project number or a structure node id (a deep link's pptSerial), once the caller may open the project type's work area. */
async function projectByReference(c: Context<AppEnv>, value: string) {
  return resolveProjectReference(c.var.services.database.db, value);
}

/** The engine checks the project type's route and membership (core/src/services/fmea/access.ts). */
async function openById(c: Context<AppEnv>, projectId: string) {
  return presentProject(await openProject(fmeaContext(c), projectId, { remember: sentWithHeader(c) }), await labelerOf(c));
}

function treeView(node: StructureTreeNode): TreeNodeView {
  return { data: { id: node.id, nodeType: node.nodeType, pptSerial: node.id, imageName: node.imageName, name: node.name, version: node.version }, children: node.children.map(treeView) };
}

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(listRoute, async (c) => {
    const body = c.req.valid('json');
    if (body.projectType) requireTypeAccess(c, body.projectType);
    const { projectType, ...query } = body;
    const page = await listProjects(fmeaContext(c), { ...query, projectTypes: projectType ? [projectType] : visibleTypes(c) });
    const label = await labelerOf(c);
    return c.json(ok({ items: page.items.map((item) => presentListItem(item, label)), total: page.total, page: page.page, limit: page.limit }), 200);
  });

  app.openapi(byIdRoute, async (c) => c.json(ok(await openById(c, c.req.valid('query').projectId)), 200));

  app.openapi(bySerialRoute, async (c) => {
    const { projectId, focusNodeId } = await projectByReference(c, c.req.valid('query').serialNum);
    return c.json(ok({ ...(await openById(c, projectId)), focusNodeId }), 200);
  });

  app.openapi(recentRoute, async (c) => {
    const types = new Set(visibleTypes(c));
    const views = await listRecentProjects(fmeaContext(c), { limit: c.req.valid('query').limit });
    const label = await labelerOf(c);
    return c.json(ok(views.filter((v) => types.has(v.projectType)).map((v) => presentProject(v, label))), 200);
  });

  app.openapi(treeRoute, async (c) => {
    const { projectId } = await projectByReference(c, c.req.valid('query').serialNum);
    const tree = await getStructureTree(fmeaContext(c), projectId);
    return c.json(ok(tree ? treeView(tree) : null), 200);
  });

  app.openapi(saveRoute, async (c) => {
    const body = c.req.valid('json');
    const id = body.id ?? body.projectId;
    const members = membersOf(body);
    const { id: _id, projectId: _projectId, version, projectType, projectMembers: _members, productName, name, serialNum, confirmHandOver, ...header } = body;
    if (id === undefined) {
      const type: ProjectType = projectType ?? 'dfmea';
      const view = await createProject(fmeaContext(c), { ...header, name: name ?? '', projectType: type, members: members ?? [], productName, serialNum, confirmHandOver });
      await notifyChanged(c, view.id, 'project', view.id);
      return c.json(ok(presentProject(view, await labelerOf(c))), 200);
    }
    const view = await updateProjectHeader(fmeaContext(c), id, { ...header, ...(name !== undefined && { name }), version: version ?? 0, members });
    await notifyChanged(c, id, 'project', id);
    return c.json(ok(presentProject(view, await labelerOf(c))), 200);
  });

  app.openapi(numberPreviewRoute, async (c) => {
    const type: ProjectType = c.req.valid('query').projectType ?? 'dfmea';
    requireTypeAccess(c, type, 'add');
    const ctx = fmeaContext(c);
    return c.json(ok(await previewProjectNumber(ctx.db, type, ctx.now())), 200);
  });

  app.openapi(deleteRoute, async (c) => {
    const { id, version, confirm } = c.req.valid('json');
    await deleteProject(fmeaContext(c), id, { version, confirm });
    await notifyChanged(c, id, 'project', id);
    return c.json(ok(null), 200);
  });
}
