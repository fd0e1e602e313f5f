import type { OpenAPIHono } from '@hono/zod-openapi';
import { CATALOG_TYPES, FMEA_KINDS, translate, listWorkflowSettings, saveWorkflowSettings, WORKFLOW_RELEASE, WORKFLOW_ROLE_TYPES, type WorkflowSettings } from '@fmea/core';
import { ok } from '../../envelope.ts';
import { serviceContext } from '../../http/context.ts';
import type { AppEnv } from '../../http/env.ts';
import { defineRoute, jsonBody, z } from '../../http/route.ts';

/**
 * Workflow settings and review requirements (spec 000 §2.4; docs/domain/workflow-settings.md): per FMEA kind
 * and catalog type, the review roles, one or all releasers, who may be named. The page is system_workflow.
 */
const TAG = 'workflow';

const RoleTypes = z.array(z.enum(WORKFLOW_ROLE_TYPES)).max(4);
const Nominees = z.strictObject({
  membersOnly: z.boolean().openapi({ description: 'Only members of the project team may be named' }),
  sameSite: z.boolean().openapi({ description: 'Only users of the submitter’s site may be named' }),
  reviewerRoleTypes: RoleTypes.openapi({ description: 'Professional and quality reviewers must hold a role of one of these types (0 super, 1 site-level, 2 creator, 3 approver); empty: any' }),
  approverRoleTypes: RoleTypes.openapi({ description: 'Technical director and countersigner must hold a role of one of these types; empty: any' }),
});
const FmeaWorkflowSchema = z
  .strictObject({
    kind: z.string().openapi({ description: 'The FMEA kind (project type)' }),
    label: z.strictObject({ 'zh-CN': z.string(), 'en-US': z.string() }),
    countersign: z.boolean().openapi({ description: 'Whether the verification countersigner is a role of the review; off, the technical director alone releases' }),
    release: z.enum(WORKFLOW_RELEASE).openapi({ description: 'rule: the business rule fmeaReleaseAll decides; one: one releaser suffices; all: every releaser must release' }),
    nominees: Nominees,
  })
  .openapi('FmeaWorkflow');
const CatalogWorkflowSchema = z
  .strictObject({
    type: z.string(),
    label: z.strictObject({ 'zh-CN': z.string(), 'en-US': z.string() }),
    audit: z.boolean().openapi({ description: 'Whether the reviewer’s audit comes before the approver’s release; off, applying goes straight to approval' }),
  })
  .openapi('CatalogWorkflow');
const SettingsSchema = z.strictObject({ fmea: z.array(FmeaWorkflowSchema), catalog: z.array(CatalogWorkflowSchema) }).openapi('WorkflowSettings');

/** A kind's name in both languages, from its label key (core's catalogs). */
const kindLabel = (kind: string) => {
  const key = FMEA_KINDS[kind as keyof typeof FMEA_KINDS].labelKey;
  return { 'zh-CN': translate('zh-CN', key), 'en-US': translate('en-US', key) };
};

/** The settings with each kind's and type's name in both languages, for the page and integrators. */
export function present(settings: WorkflowSettings) {
  return {
    fmea: settings.fmea.map((s) => ({ ...s, label: kindLabel(s.kind), nominees: { ...s.nominees, reviewerRoleTypes: [...s.nominees.reviewerRoleTypes], approverRoleTypes: [...s.nominees.approverRoleTypes] } })),
    catalog: settings.catalog.map((s) => {
      const type = CATALOG_TYPES[s.type as keyof typeof CATALOG_TYPES];
      return { ...s, label: { 'zh-CN': type.title['zh-CN'], 'en-US': type.title['en-US'] } };
    }),
  };
}

export const listRoute = defineRoute({
  method: 'get',
  path: '/api/workflow/settings',
  tag: TAG,
  summary: 'Every FMEA kind and catalog type with its review requirements (defaults: today’s behaviour)',
  access: { route: 'system_workflow' },
  data: SettingsSchema,
});

export const saveRoute = defineRoute({
  method: 'post',
  path: '/api/workflow/saveSettings',
  tag: TAG,
  summary: 'Change the review requirements of the kinds and types named (the others keep theirs)',
  description: 'An unknown kind or type, one named twice or an unknown value refuses the whole call (400, each issue on its row) and nothing changes. Applies to review rounds opened and records applied for afterwards.',
  access: { route: 'system_workflow', button: 'edit' },
  request: jsonBody(
    z.object({
      fmea: z.array(z.object({ kind: z.string().max(40), countersign: z.boolean().optional(), release: z.string().max(10).optional(), nominees: Nominees.partial().optional() })).max(50).optional(),
      catalog: z.array(z.object({ type: z.string().max(40), audit: z.boolean().optional() })).max(50).optional(),
    }),
  ),
  data: SettingsSchema,
});

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(listRoute, async (c) => c.json(ok(present(await listWorkflowSettings(c.var.services.database.db))), 200));
  app.openapi(saveRoute, async (c) => c.json(ok(present(await saveWorkflowSettings(serviceContext(c), c.req.valid('json') as never))), 200));
}
