import type { OpenAPIHono } from '@hono/zod-openapi';
import { analyzeFtaTree, generateFtaFromFmea, MAX_LIST_LIMIT } from '@fmea/core';
import { ok } from '../../envelope.ts';
import type { AppEnv } from '../../http/env.ts';
import { serviceContext } from '../../http/context.ts';
import { Id } from '../../http/fields.ts';
import { defineRoute, jsonBody, z } from '../../http/route.ts';
import { presentTree, TAG, TreeSchema } from './schemas.ts';

/**
 * A stored tree's analysis, and a tree generated from a DFMEA's failure net (issue 23). The analysis runs
 * in the request without progress messages: the engine's targets keep each Aralia tree under 10 s and a
 * DFMEA's trees are far smaller (docs/domain/fta.md, "API").
 */
const Probability = z.strictObject({
  exact: z.number().openapi({ description: 'Exact top-event probability under independence (BDD)' }),
  rareEvent: z.number().nullable().openapi({ description: 'Sum of the cut sets’ probabilities; null for a tree with NOT or XOR' }),
  mcub: z.number().nullable().openapi({ description: 'Min-cut upper bound 1 − Π(1 − P(cut set)); null unless every cut set was listed' }),
});

export const analyzeRoute = defineRoute({
  method: 'post',
  path: '/api/fta/analyze',
  tag: TAG,
  summary: 'Analyse a fault tree: exact probability, minimal cut sets, importance',
  description:
    'Transfers are resolved from the other stored trees by number (each must be readable by the caller). missionTime overrides the tree’s; maxOrder is the largest cut set listed; ' +
    `cutoff leaves cut sets of a lower probability out of the list (they still count: belowCutoff); listLimit is the most listed (default 100, at most ${MAX_LIST_LIMIT}). ` +
    'cutSetCount is exact however many are listed (null for a tree with NOT or XOR gates, whose probability is still exact). Reads only; needs the area’s route.',
  access: { route: 'fta_index' },
  request: jsonBody(
    z.object({
      id: Id.openapi({ description: 'The tree: its id or number' }),
      missionTime: z.number().positive().optional(),
      maxOrder: z.number().int().min(1).optional(),
      cutoff: z.number().min(0).max(1).optional(),
      listLimit: z.number().int().min(0).max(MAX_LIST_LIMIT).optional(),
    }),
  ),
  data: z
    .strictObject({
      tree: z.strictObject({ id: z.string(), ftaNum: z.string(), name: z.string() }),
      top: z.string(),
      missionTime: z.number(),
      coherent: z.boolean().openapi({ description: 'false: the tree has NOT or XOR gates' }),
      probability: Probability,
      cutSetCount: z.number().int().nullable(),
      minimalCutSets: z.array(z.array(z.string())).openapi({ description: 'The listed cut sets, smallest first, as basic-event names' }),
      cutSets: z.array(z.strictObject({ events: z.array(z.string()), order: z.number().int(), probability: z.number() })).openapi({ description: 'The same, with their order and probability' }),
      belowCutoff: z.number().int(),
      importance: z.array(
        z.strictObject({
          event: z.string(),
          probability: z.number(),
          birnbaum: z.number(),
          fussellVesely: z.number(),
          raw: z.number().openapi({ description: 'Risk achievement worth' }),
          rrw: z.number().nullable().openapi({ description: 'Risk reduction worth; null when infinite (the event is in every cut set)' }),
        }),
      ),
    })
    .openapi('FtaAnalysis'),
});

export const generateRoute = defineRoute({
  method: 'post',
  path: '/api/fta/generate',
  tag: TAG,
  summary: 'Generate a fault tree from an FMEA failure effect and its failure net',
  description:
    'The effect is the top event (FE1, an OR gate over its modes); each failure mode an OR gate over its causes (FM1…); each cause a basic event (FC1…) whose probability is its occurrence rating ' +
    'through the AIAG-VDA occurrence table (docs/domain/fta.md); a mode without causes an undeveloped basic event. Every event is linked to its FMEA item, and a change on either side marks the link for review. ' +
    'The caller must be a member of the project (403 fta.project_member_required) and hold the add button. effectId not an effect: 400 fta.generate_not_effect; an effect without modes: 400 fta.generate_no_modes.',
  access: { route: 'fta_index', button: 'add' },
  request: jsonBody(z.object({ projectId: Id, effectId: Id, name: z.string().max(200).optional().openapi({ description: 'Default: the effect’s description' }) })),
  data: TreeSchema,
});

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(analyzeRoute, async (c) => {
    const { id, ...options } = c.req.valid('json');
    return c.json(ok(await analyzeFtaTree(serviceContext(c), id, options)), 200);
  });

  app.openapi(generateRoute, async (c) => c.json(ok(presentTree(await generateFtaFromFmea(serviceContext(c), c.req.valid('json')))), 200));
}
