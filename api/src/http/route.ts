import { createRoute, z, type RouteConfig } from '@hono/zod-openapi';
import type { RouteName } from '@fmea/core';
import { answerCheck } from './answer-check.ts';
import { authorize, type Access } from './authenticate.ts';
import { holdImportSlot } from './import-slot.ts';

/** The spec's envelope around a data schema (000 §7). */
export function envelopeOf<T extends z.ZodType>(data: T) {
  return z.object({
    meta: z.object({ success: z.boolean(), code: z.number().int(), message: z.string() }),
    data,
  });
}

/** What every refusal carries (built once, in http/errors.ts). */
export const ErrorEnvelope = envelopeOf(
  z.object({
    code: z.string().openapi({ description: 'invalid_input, unauthenticated, not_allowed, not_found, conflict, invalid_transition, or system_error' }),
    messageKey: z.string().openapi({ description: 'The catalog key of the headline (meta.message)' }),
    params: z.record(z.string(), z.union([z.string(), z.number()])),
    issues: z.array(
      z.object({
        messageKey: z.string(),
        params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
        field: z.string().optional().openapi({ description: 'The request field, as a dotted path (projectMembers.0.userRole)' }),
        row: z.number().optional().openapi({ description: 'The spreadsheet row, for imports' }),
        message: z.string().openapi({ description: 'The issue in the reader’s language; the field named by its label' }),
      }),
    ),
    count: z.number().int().optional().openapi({ description: 'How many items a change would touch, when it asks for confirmation (repeat with confirm: true)' }),
  }),
).openapi('ErrorEnvelope');

const errorResponse = (description: string) => ({ content: { 'application/json': { schema: ErrorEnvelope } }, description });

/** Said of every route that reads an uploaded workbook (docs/decisions/imports-streaming.md). */
const IMPORT_SLOT_NOTE =
  'The workbook is read as a stream in one of the server’s import slots (IMPORT_CONCURRENCY, default 2): while all are taken the request waits its turn, ' +
  'and the caller’s tabs get receiveProgressInfo { val: 0, text, waiting: true } naming how many imports are ahead. Reading stops at the first limit passed, ' +
  'the cell text included: 10 million characters per MB of the import’s size limit (400 file.too_much_text).';

const SECURED: Record<string, string[]>[] = [{ token: [] }, { bearer: [] }, { cookie: [] }];
/** A GET that writes: the header credentials only (the cookie alone is refused). */
const HEADER_ONLY: Record<string, string[]>[] = [{ token: [] }, { bearer: [] }];

export interface RouteSpec<
  Data extends z.ZodType,
  Request extends RouteConfig['request'] | undefined,
  R extends RouteName = RouteName,
  Method extends 'get' | 'post' = 'get' | 'post',
  Path extends string = string,
> {
  method: Method;
  path: Path;
  tag: string;
  summary: string;
  description?: string;
  access: Access<R>;
  request?: Request;
  data: Data;
  /** A spreadsheet import (or any read of an uploaded workbook): runs in one of the server's import slots, waiting for one when all are taken (http/import-slot.ts). */
  importSlot?: true;
  /**
   * A GET that changes something (the spec names agreeApplication and disagreeApplication as GET calls):
   * a browser sends the session cookie with any link or image to it, so the call is taken only with the
   * token in a header, never on the cookie alone (`authorize`). Every other GET only reads.
   */
  writes?: Method extends 'get' ? true : never;
  /**
   * The OpenAPI operationId, when the one derived from the path (`operationIdOf`) would repeat another
   * route's: only paths that differ by their parameters alone need one (the uniqueness test says which).
   */
  operationId?: string;
  /** A route that answers 503 with its data when the server cannot serve (health: draining, database down): what that means. */
  unavailable?: string;
}

/**
 * The stable operationId of a path, for client generators: its literal segments after `/api`, camel-cased
 * and joined, path parameters left out (`/api/message/agreeApplication` → `messageAgreeApplication`,
 * `/api/knowledge/{entity}/list` → `knowledgeList`). Each path has one method, so the path alone names it.
 */
export function operationIdOf(path: string): string {
  const words = path
    .split('/')
    .filter((segment) => segment && segment !== 'api' && !segment.startsWith('{'))
    .flatMap((segment) => segment.split(/[^A-Za-z0-9]+/).filter(Boolean));
  return words.map((word, i) => (i === 0 ? word.charAt(0).toLowerCase() : word.charAt(0).toUpperCase()) + word.slice(1)).join('');
}

/**
 * One route definition: OpenAPI metadata, the server-side authorisation
 * (run before validation, so a caller without rights learns nothing about
 * the body), request schemas and the enveloped answer (whose data the
 * tests parse through the schema: http/answer-check.ts). The method and the
 * path keep their literal types, so the workbench's typed client can name
 * the route by its path (api/src/routes/route-map.ts).
 */
export function defineRoute<
  Data extends z.ZodType,
  const Request extends RouteConfig['request'] | undefined = undefined,
  R extends RouteName = RouteName,
  const Method extends 'get' | 'post' = 'get' | 'post',
  const Path extends string = string,
>(spec: RouteSpec<Data, Request, R, Method, Path>) {
  return createRoute({
    method: spec.method,
    path: spec.path,
    operationId: spec.operationId ?? operationIdOf(spec.path),
    tags: [spec.tag],
    summary: spec.summary,
    description: spec.importSlot ? `${spec.description ?? ''}${spec.description ? ' ' : ''}${IMPORT_SLOT_NOTE}` : spec.description,
    middleware: (spec.importSlot
      ? [answerCheck(spec.method, spec.path, spec.data), authorize(spec.access, { headerOnly: spec.writes === true }), holdImportSlot]
      : [answerCheck(spec.method, spec.path, spec.data), authorize(spec.access, { headerOnly: spec.writes === true })]) as [ReturnType<typeof answerCheck>, ReturnType<typeof authorize>],
    ...(spec.importSlot ? { 'x-import-slot': true } : {}),
    security: spec.access === 'public' ? [] : spec.writes ? HEADER_ONLY : SECURED,
    ...(spec.writes ? { 'x-writes': true } : {}),
    'x-access': spec.access === 'public' || spec.access === 'user' ? spec.access : { route: spec.access.route, button: spec.access.button },
    request: spec.request as Request,
    responses: {
      200: { content: { 'application/json': { schema: envelopeOf(spec.data) } }, description: 'Success' },
      400: errorResponse('Invalid input'),
      401: errorResponse('Not signed in'),
      403: errorResponse('Not allowed'),
      404: errorResponse('Not found'),
      409: errorResponse('Conflict'),
      ...(spec.unavailable ? { 503: { content: { 'application/json': { schema: envelopeOf(spec.data) } }, description: spec.unavailable } } : {}),
    },
  });
}

/** Body of a JSON request, for `request: jsonBody(schema)`. */
export function jsonBody<T extends z.ZodType>(schema: T) {
  return { body: { content: { 'application/json': { schema } }, required: true } };
}

export { z };
