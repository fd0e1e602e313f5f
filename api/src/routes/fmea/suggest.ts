import type { OpenAPIHono } from '@hono/zod-openapi';
import { SUGGEST_KINDS, SUGGEST_PAGE_DEFAULT, SUGGEST_PAGE_MAX, suggestTexts } from '@fmea/core';
import { ok } from '../../envelope.ts';
import type { AppEnv } from '../../http/env.ts';
import { defineRoute, z } from '../../http/route.ts';
import { fmeaContext, readAccess } from './access.ts';
import { visibleTypes } from '../../http/access.ts';
import { Id, Timestamp } from './schemas.ts';
import { TEXT_MAX } from '../../http/fields.ts';

/** Autocomplete for the analysis' text fields, from the FMEAs the caller may read (docs/domain/fmea-engine.md, "Suggestions"). */
const TAG = 'fmea-analysis';

const SuggestionSchema = z.strictObject({ text: z.string(), uses: z.number().int() }).openapi('FmeaSuggestion');

export const suggestRoute = defineRoute({
  method: 'get',
  path: '/api/fmea/suggest',
  tag: TAG,
  summary: 'Texts already used in readable FMEAs for a field kind, for autocomplete',
  description:
    'Distinct texts (trimmed, case-insensitive) containing q, from live projects the caller is a member of (administrators: every live project) ' +
    'of the types their menu rights cover. Prefix matches first, then the most used, then alphabetical. An empty q lists the most used texts.',
  access: readAccess,
  request: {
    query: z.object({
      kind: z.enum(SUGGEST_KINDS),
      q: z.string().max(TEXT_MAX).optional(),
      projectId: Id.optional().openapi({ description: 'Only texts of this project' }),
      pageSize: z.coerce.number().int().min(1).max(SUGGEST_PAGE_MAX).optional().openapi({ description: `1..${SUGGEST_PAGE_MAX}, default ${SUGGEST_PAGE_DEFAULT}` }),
      timestamp: Timestamp,
    }),
  },
  data: z.array(SuggestionSchema),
});

export function registerSuggestRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(suggestRoute, async (c) => {
    const { kind, q, projectId, pageSize } = c.req.valid('query');
    const items = await suggestTexts(fmeaContext(c), { kind, q, projectId, pageSize, projectTypes: visibleTypes(c) });
    return c.json(ok(items), 200);
  });
}
