import type { OpenAPIHono } from '@hono/zod-openapi';
import { SUGGEST_KINDS, SUGGEST_PAGE_DEFAULT, SUGGEST_PAGE_MAX, suggestForField } from '@fmea/core';
import { ok } from '../../envelope.ts';
import type { AppEnv } from '../../http/env.ts';
import { defineRoute, z } from '../../http/route.ts';
import { fmeaContext, readAccess } from './access.ts';
import { visibleTypes } from '../../http/access.ts';
import { Id, Timestamp } from './schemas.ts';
import { TEXT_MAX } from '../../http/fields.ts';

/**
 * Autocomplete for the analysis' text fields: released catalog records first,
 * then the wording of the FMEAs the caller may read (docs/domain/catalog.md,
 * "Reuse inside the FMEA"; docs/domain/fmea-engine.md, "Suggestions").
 */
const TAG = 'fmea-analysis';

const Rating = z.number().int().nullable();
const SuggestionSchema = z
  .strictObject({
    source: z.enum(['catalog', 'fmea']).openapi({ description: 'catalog: a released catalog record version; fmea: wording of readable FMEAs' }),
    text: z.string(),
    uses: z.number().int().openapi({ description: 'catalog: the record’s quote count; fmea: rows using the text' }),
    catalog: z
      .strictObject({
        recordId: z.string().openapi({ description: 'Send it as catalogRecordId with the text to cite the record' }),
        serialNum: z.string(),
        versionNo: z.number().int(),
        enText: z.string().nullable(),
        severity: Rating,
        occurrence: Rating,
        detection: Rating,
      })
      .nullable(),
  })
  .openapi('FmeaSuggestion');

export const suggestRoute = defineRoute({
  method: 'get',
  path: '/api/fmea/suggest',
  tag: TAG,
  summary: 'Suggestions for a field kind: released catalog records first, then texts already used in readable FMEAs',
  description:
    'First the released latest catalog records of the field’s type (function; failure modes for FE/FM/FC whose use type fits or is not set; prevention and detection measures) ' +
    'of the caller’s product types, matching q in either language, those starting with it first, then the most cited. ' +
    'Then distinct texts (trimmed, case-insensitive) containing q, from live projects the caller is a member of (administrators: every live project) ' +
    'of the types their menu rights cover, that the catalog entries do not already say: prefix matches first, then the most used. At most pageSize in all.',
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

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(suggestRoute, async (c) => {
    const { kind, q, projectId, pageSize } = c.req.valid('query');
    const items = await suggestForField(fmeaContext(c), { kind, q, projectId, pageSize, projectTypes: visibleTypes(c) });
    return c.json(ok(items.map((s) => ({ source: s.source, text: s.text, uses: s.uses, catalog: s.catalog && { ...s.catalog } }))), 200);
  });
}
