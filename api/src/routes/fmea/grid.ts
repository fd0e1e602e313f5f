import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { stream } from 'hono/streaming';
import {
  COMPACT_GRID_COLUMNS,
  GRID_PAGE_MAX,
  readRiskGridCompact,
  readRiskGridJson,
  type ApLevel,
  type RiskGridCompactPage,
  type RiskGridJsonPage,
  type RiskGridJsonRow,
} from '@fmea/core';
import { ok } from '../../envelope.ts';
import type { AppEnv } from '../../http/env.ts';
import { defineRoute, z } from '../../http/route.ts';
import { fmeaContext, readAccess } from './access.ts';
import { GridCompactPage, GridRowsPage } from './grid-schemas.ts';
import { Id, Timestamp } from './schemas.ts';

const Flag = z.enum(['0', '1', 'true', 'false']).optional();
const on = (flag: string | undefined) => flag === '1' || flag === 'true';

/** Step 5: the risk grid, in the rows form (the default, for integrators) or the compact form (what the workbench reads). */
export const gridRoute = defineRoute({
  method: 'get',
  path: '/api/fmea/riskGrid',
  tag: 'fmea-risk',
  summary: 'The risk grid: one row per failure chain FE–FM–FC in AIAG-VDA form order, with AP and RPN',
  description:
    'Filters: ap (comma-separated H, M, L), openActions=1, special=1 (special characteristics). Pages up to 20,000 rows (default 500). ' +
    'format=rows (the default) answers one object per chain (FmeaRiskGrid); pages of more than 1,000 rows are streamed (chunked transfer). ' +
    'format=compact answers the same page with what chains share sent once (FmeaRiskGridCompact): about a tenth of the bytes when effects, modes and causes repeat over many chains.',
  access: readAccess,
  request: {
    query: z.object({
      projectId: Id,
      page: z.coerce.number().int().min(1).max(1_000_000).optional(),
      limit: z.coerce.number().int().min(1).max(GRID_PAGE_MAX).optional(),
      ap: z.string().regex(/^[HML](,[HML]){0,2}$/).optional(),
      openActions: Flag,
      special: Flag,
      format: z.enum(['rows', 'compact']).optional().openapi({ description: 'rows (default): FmeaRiskGrid; compact: FmeaRiskGridCompact' }),
      timestamp: Timestamp,
    }),
  },
  data: z.union([GridRowsPage, GridCompactPage]),
});

const quoted = (value: string | null) => (value === null ? 'null' : `"${value}"`);

/** A grid row as the API sends it: the stored facts as SQLite wrote them, then the rated columns (and `det`, the spec's name for D). */
function gridRowJson({ facts, risk: r, specialCharacteristics, characteristicClass }: RiskGridJsonRow): string {
  return (
    `${facts.slice(0, -1)},"severity":${r.severity},"occurrence":${r.occurrence},"detection":${r.detection},"det":${r.detection},` +
    `"ap":${quoted(r.ap)},"rpn":${r.rpn},"specialCharacteristics":${specialCharacteristics},"characteristicClass":${quoted(characteristicClass)},` +
    `"hasOpenActions":${r.hasOpenActions},"raseverity":${r.raseverity},"raoccurrence":${r.raoccurrence},"radet":${r.radet},"rarpn":${r.rarpn},"raAp":${quoted(r.raAp)}}`
  );
}

/** Rows per chunk of a streamed grid answer (about 1.3 MB of JSON with the bench's texts). */
export const GRID_STREAM_ROWS = 1000;

/** The envelope of `placeholder` as text, cut where `marker` (its last occurrence) stood: what comes before it and after it. */
function envelopeAround(placeholder: object, marker: string): [head: string, tail: string] {
  const envelope = JSON.stringify(ok(placeholder));
  const at = envelope.lastIndexOf(marker);
  return [envelope.slice(0, at), envelope.slice(at + marker.length)];
}

/**
 * The rows form with its rows joined as text, never as one object
 * serialised whole: up to `GRID_STREAM_ROWS` rows in one body, larger pages
 * streamed in chunks of that many rows (a 20,000-row page is some 28 MB).
 */
function sendRows(c: Context<AppEnv>, grid: RiskGridJsonPage): Response {
  // rows go between the brackets of `items`
  const [before, after] = envelopeAround({ total: grid.total, page: grid.page, limit: grid.limit, items: [] }, '[]');
  const [head, tail] = [`${before}[`, `]${after}`];
  const chunk = (from: number) => {
    const parts: string[] = [];
    for (let i = from; i < Math.min(grid.items.length, from + GRID_STREAM_ROWS); i++) parts.push(gridRowJson(grid.items[i]!));
    return parts.join(',');
  };
  c.header('content-type', 'application/json; charset=UTF-8');
  if (grid.items.length <= GRID_STREAM_ROWS) return c.body(head + chunk(0) + tail, 200);
  c.set('streamed', true);
  return stream(c, async (out) => {
    await out.write(head);
    for (let from = 0; from < grid.items.length; from += GRID_STREAM_ROWS) await out.write((from > 0 ? ',' : '') + chunk(from));
    await out.write(tail);
  });
}

/** The compact form in one body (2.5 MB for the bench's 20,000 chains): the items' JSON as SQLite wrote it, the rows serialised. */
function sendCompact(c: Context<AppEnv>, grid: RiskGridCompactPage): Response {
  const list = (items: readonly string[]) => `[${items.join(',')}]`;
  const data =
    `{"total":${grid.total},"page":${grid.page},"limit":${grid.limit},"columns":${JSON.stringify(COMPACT_GRID_COLUMNS)},` +
    `"functions":${list(grid.functions)},"modes":${list(grid.modes)},"effects":${list(grid.effects)},"causes":${list(grid.causes)},` +
    `"controls":${list(grid.controls)},"actions":${list(grid.actions)},"characteristics":${list(grid.characteristics)},"rows":${JSON.stringify(grid.rows)}}`;
  const [head, tail] = envelopeAround({}, '{}');
  c.header('content-type', 'application/json; charset=UTF-8');
  return c.body(head + data + tail, 200);
}

export function register(app: OpenAPIHono<AppEnv>) {
  app.openapi(gridRoute, async (c) => {
    const { projectId, format, ...q } = c.req.valid('query');
    const query = {
      page: q.page,
      limit: q.limit,
      ap: q.ap ? (q.ap.split(',') as ApLevel[]) : undefined,
      openActions: on(q.openActions),
      specialCharacteristics: on(q.special),
    };
    if (format === 'compact') return sendCompact(c, await readRiskGridCompact(fmeaContext(c), projectId, query)) as never;
    return sendRows(c, await readRiskGridJson(fmeaContext(c), projectId, query)) as never;
  });
}
