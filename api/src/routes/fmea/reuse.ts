import type { OpenAPIHono } from '@hono/zod-openapi';
import {
  applyTemplate,
  borrowSubtree,
  copyProject,
  createProjectFromTemplate,
  createVariant,
  FMEA_REVIEW_STATUSES,
  listVariants,
  takeOverFromFamily,
  variantDeviations,
  listTemplates,
  publishTemplate,
  PROJECT_TYPES,
  saveTemplate,
  TEMPLATE_SCOPES,
  TEMPLATE_SIDES,
  type TemplateView,
} from '@fmea/core';
import { ok } from '../../envelope.ts';
import { DateTime } from '../../http/fields.ts';
import type { AppEnv } from '../../http/env.ts';
import { defineRoute, jsonBody, z } from '../../http/route.ts';
import { fmeaContext, notifyChanged, readAccess, writeAccess } from './access.ts';
import { labelerOf, presentProject, ProjectSchema } from './projects.ts';
import { Id, NodeSchema, OptionalText, presentNode, Timestamp } from './schemas.ts';

/**
 * FMEA reuse (docs/domain/fmea-reuse.md): project copy, borrowing a subtree or
 * a whole project, and the FMEA templates (TD design, TP process). Thin over
 * core/src/services/fmea (project-copy.ts, structure-copy.ts, templates.ts),
 * which decide who may do what.
 */

const TAG = 'fmea-reuse';

const TemplateSchema = z
  .strictObject({
    id: z.string(),
    serialNum: z.string().openapi({ description: 'TD… (design side) or TP… (PFMEA)' }),
    name: z.string(),
    projectType: z.enum(PROJECT_TYPES),
    side: z.enum(TEMPLATE_SIDES),
    kind: z.enum(['basic', 'subtree']).openapi({ description: 'basic: a whole analysis saved from a product node (a basic FMEA); subtree: a node with its subnodes' }),
    sourceProjectId: z.string().nullable(),
    sourceProjectNum: z.string().nullable().openapi({ description: 'The number of the project it was saved from; null when that project is gone' }),
    sourceProjectName: z.string().nullable(),
    sourceNodeId: z.string().nullable(),
    createdBy: z.string().nullable(),
    createdByName: z.string().nullable().openapi({ description: 'Who saved it (real name)' }),
    createdAt: DateTime,
    nodeCount: z.number().int().openapi({ description: 'Structure nodes it holds, its root not counted' }),
    usedBy: z.number().int().openapi({ description: 'Projects made from it and nodes inserted from it that still exist' }),
    canDelete: z.boolean().openapi({ description: 'The caller saved it (its owner) or is an administrator: delete with POST /api/project/delete' }),
    scope: z.enum(TEMPLATE_SCOPES).openapi({
      description: 'private: its saver, the source project’s responsible person and administrators only (a new template); site: the users of its site; all: everyone holding the area',
    }),
    siteId: z.string().nullable().openapi({ description: 'The site it was saved in (its saver’s session site)' }),
    siteName: z.string().nullable(),
    siteNameEn: z.string().nullable(),
    canPublish: z.boolean().openapi({ description: 'The caller may publish or withdraw it: the source project’s responsible person or an administrator' }),
  })
  .openapi('FmeaTemplate');

const presentTemplate = (t: TemplateView): z.output<typeof TemplateSchema> => ({
  id: t.id,
  serialNum: t.serialNum,
  name: t.name,
  projectType: t.projectType,
  side: t.side,
  kind: t.kind,
  sourceProjectId: t.sourceProjectId,
  sourceProjectNum: t.sourceProjectNum,
  sourceProjectName: t.sourceProjectName,
  sourceNodeId: t.sourceNodeId,
  createdBy: t.createdBy,
  createdByName: t.createdByName,
  createdAt: t.createdAt.toISOString(),
  nodeCount: t.nodeCount,
  usedBy: t.usedBy,
  canDelete: t.canDelete,
  scope: t.scope,
  siteId: t.siteId,
  siteName: t.siteName,
  siteNameEn: t.siteNameEn,
  canPublish: t.canPublish,
});

const TemplateRef = Id.openapi({ description: 'A template’s id or number (TD…/TP…)' });
const NewProjectFields = {
  name: OptionalText.openapi({ description: 'The new project’s name; the source’s when left out' }),
  serialNum: OptionalText.openapi({ description: 'A project number typed by hand, where the type’s numbering rule allows it; the rule’s next number otherwise' }),
};

export const copyProjectRoute = defineRoute({
  method: 'post',
  path: '/api/project/copy',
  tag: TAG,
  summary: 'Copy a project: a new number, its header and whole analysis, the caller as its only member (owner)',
  description: 'Only the owner (role 0) of the source or an administrator (403 permission.owner_only), with the add button of the type’s area. Optimisation actions are not copied; the copy starts in draft.',
  access: writeAccess('add'),
  request: jsonBody(z.object({ id: Id, ...NewProjectFields })),
  data: ProjectSchema,
});

export const borrowRoute = defineRoute({
  method: 'post',
  path: '/api/fmea/borrowNode',
  tag: TAG,
  summary: 'Borrow a subtree, or a whole project, from a project the caller can read into one they may edit',
  description:
    'Like copyNode, and the copies remember their originals, so deleting those asks first ("used by N nodes"). A root (a whole project) merges into the target node: its functions and children join it; that is the target owner’s or an administrator’s only (403 permission.owner_only). A subtree follows the basic rule treeCopyHeadOnly (403 fmea.tree_copy_head_only).',
  access: writeAccess('add'),
  request: jsonBody(z.object({ id: Id, targetParentId: Id })),
  data: NodeSchema,
});

export const templateListRoute = defineRoute({
  method: 'get',
  path: '/api/fmeaTemplate/list',
  tag: TAG,
  summary: 'The FMEA templates of the areas the caller holds that they may use, newest first, with who saved them, when, from where and to whom they are published',
  access: readAccess,
  request: { query: z.object({ side: z.enum(TEMPLATE_SIDES).optional().openapi({ description: 'dfmea: the TD templates (DFMEA, family, MSR); pfmea: the TP templates' }), timestamp: Timestamp }) },
  data: z.array(TemplateSchema),
});

export const templateSaveRoute = defineRoute({
  method: 'post',
  path: '/api/fmeaTemplate/save',
  tag: TAG,
  summary: 'Save a structure node with its subnodes and analysis as a template',
  description:
    '400 fmea.template_needs_subnodes for a node without subnodes. The product node makes a basic FMEA (with the header): the project’s responsible person or an administrator only (403 permission.template_owner_only). Who may edit the project may save a subtree (also while it is under review), under treeCopyHeadOnly. A new template is private until published (POST /api/fmeaTemplate/publish).',
  access: writeAccess('add'),
  request: jsonBody(z.object({ nodeId: Id, name: OptionalText.openapi({ description: 'The node’s name when left out' }) })),
  data: TemplateSchema,
});

export const templatePublishRoute = defineRoute({
  method: 'post',
  path: '/api/fmeaTemplate/publish',
  tag: TAG,
  summary: 'Publish a template to its site or to every site, or withdraw it (private)',
  description:
    'The responsible person of the project it was saved from, or an administrator (403 permission.template_publish_owner_only); once that project is gone, the template’s owner. A template the caller may not see answers 404 fmea.template_not_found.',
  access: readAccess,
  request: jsonBody(z.object({ template: TemplateRef, scope: z.enum(TEMPLATE_SCOPES) })),
  data: TemplateSchema,
});

export const templateNewProjectRoute = defineRoute({
  method: 'post',
  path: '/api/fmeaTemplate/createProject',
  tag: TAG,
  summary: 'Create a project from a template: its type, the next DF/PF number, its analysis, the caller as owner',
  access: writeAccess('add'),
  request: jsonBody(z.object({ template: TemplateRef, ...NewProjectFields })),
  data: ProjectSchema,
});

export const templateApplyRoute = defineRoute({
  method: 'post',
  path: '/api/fmeaTemplate/apply',
  tag: TAG,
  summary: 'Insert a template under a node: its functions and subnodes join the node',
  description:
    '400 fmea.basic_template_product_only: a basic FMEA only on a product node; 400 fmea.process_template_last_level: a process template only under the process item (its work elements are the last level); 400 pfmea.copy_between_kinds across design and process.',
  access: writeAccess('add'),
  request: jsonBody(z.object({ template: TemplateRef, targetNodeId: Id })),
  data: z.strictObject({ node: NodeSchema, counts: z.strictObject({ nodes: z.number().int(), functions: z.number().int(), failures: z.number().int(), controls: z.number().int(), links: z.number().int() }) }),
});

const Counts = z.strictObject({ nodes: z.number().int(), functions: z.number().int(), failures: z.number().int(), controls: z.number().int(), links: z.number().int() });

export const variantListRoute = defineRoute({
  method: 'get',
  path: '/api/familyFmea/variants',
  tag: TAG,
  summary: 'The variants of a family FMEA, newest first',
  description: 'For whoever can read the family FMEA; 400 fmea.not_a_family for any other project.',
  access: readAccess,
  request: { query: z.object({ projectId: Id, timestamp: Timestamp }) },
  data: z.array(
    z
      .strictObject({
        id: z.string(),
        serialNum: z.string(),
        name: z.string(),
        responsibleUserId: z.string().nullable(),
        responsibleName: z.string().nullable(),
        reviewStatus: z.enum(FMEA_REVIEW_STATUSES),
        createdAt: DateTime,
      })
      .openapi('FamilyFmeaVariant'),
  ),
});

export const createVariantRoute = defineRoute({
  method: 'post',
  path: '/api/familyFmea/createVariant',
  tag: TAG,
  summary: 'Create a variant of a family FMEA: a DFMEA inheriting its structure, functions, failures and ratings, the caller as owner',
  description: 'Whoever can read the family and holds the DFMEA add button. Every item of the variant remembers its family item, so the deviations can be listed.',
  access: writeAccess('add'),
  request: jsonBody(z.object({ projectId: Id, ...NewProjectFields })),
  data: ProjectSchema,
});

export const deviationsRoute = defineRoute({
  method: 'get',
  path: '/api/familyFmea/deviations',
  tag: TAG,
  summary: 'Where a variant deviates from its family FMEA: ratings overridden locally, items the family gained since',
  description: '400 fmea.not_a_variant for a project that is no variant. A family deleted since leaves both lists empty (familySerialNum null).',
  access: readAccess,
  request: { query: z.object({ projectId: Id, timestamp: Timestamp }) },
  data: z
    .strictObject({
      familyProjectId: z.string(),
      familySerialNum: z.string().nullable(),
      familyName: z.string().nullable(),
      ratings: z.array(
        z.strictObject({
          failureId: z.string(),
          familyFailureId: z.string(),
          kind: z.string(),
          description: z.string(),
          field: z.enum(['severity', 'occurrence', 'detection']),
          family: z.number().int().nullable(),
          variant: z.number().int().nullable(),
          version: z.number().int().openapi({ description: 'The variant failure’s version: take the family’s rating over with POST /api/fmea/updateFailure' }),
        }),
      ),
      gained: z.array(
        z.strictObject({
          kind: z.enum(['node', 'failure']),
          familyId: z.string(),
          name: z.string(),
          failureKind: z.string().nullable(),
          variantParentId: z.string().openapi({ description: 'The variant’s node (for a node) or function (for a failure) it would go under' }),
        }),
      ),
    })
    .openapi('FamilyFmeaDeviations'),
});

export const takeOverRoute = defineRoute({
  method: 'post',
  path: '/api/familyFmea/takeOver',
  tag: TAG,
  summary: 'Take over an item the family FMEA gained into the variant (a node with its subtree, or a failure with its controls and links)',
  access: writeAccess('add'),
  request: jsonBody(z.object({ projectId: Id, familyItemId: Id })),
  data: z.strictObject({ kind: z.enum(['node', 'failure']), id: z.string(), counts: Counts.nullable() }),
});

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(variantListRoute, async (c) => {
    const variants = await listVariants(fmeaContext(c), c.req.valid('query').projectId);
    return c.json(ok(variants.map((v) => ({ ...v, createdAt: v.createdAt.toISOString() }))), 200);
  });

  app.openapi(createVariantRoute, async (c) => {
    const { projectId, ...input } = c.req.valid('json');
    const view = await createVariant(fmeaContext(c), projectId, input);
    await notifyChanged(c, view.id, 'project', view.id);
    return c.json(ok(presentProject(view, await labelerOf(c))), 200);
  });

  app.openapi(deviationsRoute, async (c) => {
    const d = await variantDeviations(fmeaContext(c), c.req.valid('query').projectId);
    return c.json(
      ok({
        familyProjectId: d.familyProjectId,
        familySerialNum: d.familySerialNum,
        familyName: d.familyName,
        ratings: d.ratings.map((r) => ({ failureId: r.failureId, familyFailureId: r.familyFailureId, kind: r.kind, description: r.description, field: r.field, family: r.family, variant: r.variant, version: r.version })),
        gained: d.gained.map((g) => ({ kind: g.kind, familyId: g.familyId, name: g.name, failureKind: g.failureKind, variantParentId: g.variantParentId })),
      }),
      200,
    );
  });

  app.openapi(takeOverRoute, async (c) => {
    const { projectId, familyItemId } = c.req.valid('json');
    const taken = await takeOverFromFamily(fmeaContext(c), projectId, { familyItemId });
    await notifyChanged(c, projectId, taken.kind, taken.id);
    return c.json(ok({ kind: taken.kind, id: taken.id, counts: taken.counts ? { ...taken.counts } : null }), 200);
  });

  app.openapi(copyProjectRoute, async (c) => {
    const { id, ...input } = c.req.valid('json');
    const view = await copyProject(fmeaContext(c), id, input);
    await notifyChanged(c, view.id, 'project', view.id);
    return c.json(ok(presentProject(view, await labelerOf(c))), 200);
  });

  app.openapi(borrowRoute, async (c) => {
    const { id, targetParentId } = c.req.valid('json');
    const row = await borrowSubtree(fmeaContext(c), id, { targetParentId });
    await notifyChanged(c, row.projectId, 'node', row.id);
    return c.json(ok(presentNode(row)), 200);
  });

  app.openapi(templateListRoute, async (c) => {
    const { side } = c.req.valid('query');
    return c.json(ok((await listTemplates(fmeaContext(c), { side })).map(presentTemplate)), 200);
  });

  app.openapi(templateSaveRoute, async (c) => {
    const { nodeId, name } = c.req.valid('json');
    return c.json(ok(presentTemplate(await saveTemplate(fmeaContext(c), nodeId, { name }))), 200);
  });

  app.openapi(templatePublishRoute, async (c) => {
    const { template, scope } = c.req.valid('json');
    return c.json(ok(presentTemplate(await publishTemplate(fmeaContext(c), template, { scope }))), 200);
  });

  app.openapi(templateNewProjectRoute, async (c) => {
    const { template, ...input } = c.req.valid('json');
    const view = await createProjectFromTemplate(fmeaContext(c), template, input);
    await notifyChanged(c, view.id, 'project', view.id);
    return c.json(ok(presentProject(view, await labelerOf(c))), 200);
  });

  app.openapi(templateApplyRoute, async (c) => {
    const { template, targetNodeId } = c.req.valid('json');
    const { node, counts } = await applyTemplate(fmeaContext(c), template, { targetNodeId });
    await notifyChanged(c, node.projectId, 'node', node.id);
    return c.json(ok({ node: presentNode(node), counts: { ...counts } }), 200);
  });
}
